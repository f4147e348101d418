import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { REPO_ROOT } from './corpus.js'
import { type3WithoutCPdf } from './type3-pdf.js'

/**
 * A document of three kinds of page: a Type3 font that leaves its "c" unmapped (font repair's),
 * the sample scanned letter (OCR's), and the sample article's real text (neither's).
 */
export function writeMixedPdf(dir: string): string {
  const open = (bytes: Uint8Array) => mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!
  const sample = (name: string) => open(readFileSync(join(REPO_ROOT, 'resources/samples', name)))
  const doc = new mupdf.PDFDocument()
  doc.graftPage(-1, open(type3WithoutCPdf()), 0)
  doc.graftPage(-1, sample('scanned-page.pdf'), 0)
  doc.graftPage(-1, sample('two-column-article.pdf'), 1)
  const file = join(dir, 'mixed.pdf')
  writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
  return file
}
