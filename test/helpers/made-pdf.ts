import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { extractPage } from '../../src-main/extract/page.js'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { analyzeDocument, type DocumentAnalysis } from '../../src-main/analysis/analyze-document.js'
import type { PageLayout } from '../../src-main/shared/layout.js'

export const A4: [number, number, number, number] = [0, 0, 595, 842]

/** One page of a PDF made in the test: its content stream and the resources it names. */
export type MadePage = Readonly<{ content: string; resources?: Record<string, unknown> }>

/**
 * A PDF whose pages are built by `pages` on a new MuPDF document (which it may use to add fonts,
 * images and streams), saved to bytes as a file on disk would be.
 */
export function madePdf(pages: (doc: mupdf.PDFDocument) => readonly MadePage[]): Uint8Array {
  const doc = new mupdf.PDFDocument()
  try {
    for (const page of pages(doc)) {
      const resources = doc.addObject(page.resources ?? {})
      doc.insertPage(-1, doc.addPage(A4, 0, resources, page.content))
    }
    return doc.saveToBuffer('compress').asUint8Array().slice()
  } finally {
    doc.destroy()
  }
}

/** The layout of one page (1-based) of PDF bytes. */
export function layoutOfBytes(bytes: Uint8Array, page = 1): PageLayout {
  const file = openPdf(bytes)
  try {
    return extractPage(file, page - 1)
  } finally {
    closePdf(file)
  }
}

/** Every page of PDF bytes, extracted and analysed as `recto check` does. */
export function analysisOfBytes(bytes: Uint8Array): DocumentAnalysis {
  const file = openPdf(bytes)
  try {
    return analyzeDocument(file)
  } finally {
    closePdf(file)
  }
}

/** Lines of text in the font resource `font` at `size` points, down from the top of an A4 page. */
export function textLines(font: string, size: number, lines: readonly string[]): string {
  return lines
    .map((line, i) => `BT /${font} ${size} Tf 72 ${770 - i * size * 1.4} Td (${line}) Tj ET`)
    .join('\n')
}
