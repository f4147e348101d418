import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { REPO_ROOT } from './corpus.js'

const sample = (name: string) =>
  mupdf.Document.openDocument(
    readFileSync(join(REPO_ROOT, 'resources/samples', name)),
    'application/pdf'
  ).asPDF()!

/** Pages of the samples grafted by MuPDF into one file: sample name and 0-based page each. */
function writeGrafted(dir: string, name: string, pages: readonly [string, number][]): string {
  const doc = new mupdf.PDFDocument()
  for (const [source, index] of pages) doc.graftPage(-1, sample(source), index)
  const file = join(dir, name)
  writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
  return file
}

/**
 * A document where only some pages are image-only: page 1 is the second page of the sample
 * two-column article (real text), page 2 the sample scanned letter (a 110 dpi grey JPEG, no text
 * layer). Small on purpose: OCR of the letter takes about a second.
 */
export function writePartScannedPdf(dir: string): string {
  return writeGrafted(dir, 'part-scanned.pdf', [
    ['two-column-article.pdf', 1],
    ['scanned-page.pdf', 0]
  ])
}

/** The sample scanned letter twice: two pages for OCR, about a second each. */
export function writeTwoScansPdf(dir: string): string {
  return writeGrafted(dir, 'two-scans.pdf', [
    ['scanned-page.pdf', 0],
    ['scanned-page.pdf', 0]
  ])
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

/**
 * The sample scanned letter fed upside down into the scanner: its image drawn turned by 180°
 * on a page with no /Rotate, so only a reader who turns the page sees the letter upright.
 */
export function writeUpsideDownScanPdf(dir: string): string {
  const page = sample('scanned-page.pdf').loadPage(0)
  const [, , width, height] = page.getBounds()
  const pixmap = page.toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceGray, false)
  const doc = new mupdf.PDFDocument()
  const image = doc.addImage(new mupdf.Image(pixmap))
  const resources = doc.addObject({ XObject: { Im1: image } })
  const content = `q ${-width} 0 0 ${-height} ${width} ${height} cm /Im1 Do Q`
  doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, resources, content))
  const file = join(dir, 'upside-down-scan.pdf')
  writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
  return file
}
