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

/** Words of the scanned letter (scripts/make-samples.ts), as the reader sees them on the page. */
export const SCANNED_LETTER_WORDS = ['scanned', 'letter', 'checks', 'doubtful', 'Unicode']
