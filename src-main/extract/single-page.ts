import { takeBytes } from './buffer-bytes.js'
import { mupdf } from './mupdf.js'

/**
 * A new PDF holding only the given pages of `source` (1-based, in the order given), for gold
 * entries. Pages are grafted with one graft map, so fonts and images they share are copied once;
 * MuPDF's output is byte-for-byte the same for the same input, which keeps re-exports unchanged.
 */
export function extractPages(source: Uint8Array, pages: readonly number[]): Uint8Array {
  const src = mupdf.Document.openDocument(source, 'application/pdf')
  try {
    const pdf = src.asPDF()
    if (!pdf) throw new Error('not a PDF')
    const count = pdf.countPages()
    const out = new mupdf.PDFDocument()
    try {
      const graft = out.newGraftMap()
      for (const page of pages) {
        if (!Number.isInteger(page) || page < 1 || page > count) {
          throw new RangeError(`no page ${page} (the document has ${count})`)
        }
        graft.graftPage(-1, pdf, page - 1)
      }
      graft.destroy()
      return takeBytes(out.saveToBuffer('garbage,compress'))
    } finally {
      out.destroy()
    }
  } finally {
    src.destroy()
  }
}
