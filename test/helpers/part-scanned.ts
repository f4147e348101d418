import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { REPO_ROOT } from './corpus.js'

const sample = (name: string) =>
  mupdf.Document.openDocument(
    readFileSync(join(REPO_ROOT, 'resources/samples', name)),
    'application/pdf'
  ).asPDF()!

/**
 * A document where only some pages are image-only: page 1 is the second page of the sample
 * two-column article (real text), page 2 the sample scanned letter (a 110 dpi grey JPEG, no text
 * layer), grafted by MuPDF. Small on purpose: OCR of the letter takes about a second.
 */
export function writePartScannedPdf(dir: string): string {
  const doc = new mupdf.PDFDocument()
  doc.graftPage(-1, sample('two-column-article.pdf'), 1)
  doc.graftPage(-1, sample('scanned-page.pdf'), 0)
  const file = join(dir, 'part-scanned.pdf')
  writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
  return file
}

/** The sample scanned letter twice: two pages for OCR, about a second each. */
export function writeTwoScansPdf(dir: string): string {
  const doc = new mupdf.PDFDocument()
  const scan = sample('scanned-page.pdf')
  doc.graftPage(-1, scan, 0)
  doc.graftPage(-1, scan, 0)
  const file = join(dir, 'two-scans.pdf')
  writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
  return file
}

/** Words of the scanned letter (scripts/make-samples.ts), as the reader sees them on the page. */
export const SCANNED_LETTER_WORDS = ['scanned', 'letter', 'checks', 'doubtful', 'Unicode']

/**
 * The sample scanned letter scanned again badly: rendered at `dpi` in grey and saved as a coarse
 * JPEG, so OCR reads most words but doubts some. One page, no text layer.
 */
export function writePoorScanPdf(dir: string, dpi = 70): string {
  const page = sample('scanned-page.pdf').loadPage(0)
  const [, , width, height] = page.getBounds()
  const pixmap = page.toPixmap(
    mupdf.Matrix.scale(dpi / 72, dpi / 72),
    mupdf.ColorSpace.DeviceGray,
    false
  )
  const doc = new mupdf.PDFDocument()
  const image = doc.addImage(new mupdf.Image(pixmap.asJPEG(25)))
  const resources = doc.addObject({ XObject: { Im1: image } })
  const content = `q ${width} 0 0 ${height} 0 0 cm /Im1 Do Q`
  doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, resources, content))
  const file = join(dir, 'poor-scan.pdf')
  writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
  return file
}
