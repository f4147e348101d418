// The floor of any MuPDF-based extraction, as a whole process: open every PDF of a folder, load
// each page and build its structured text with Recto's options, nothing else.
//   node scripts/bench/mupdf-loop.js <folder>      (prints the number of pages read)
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { mupdf } from '../../out/src-main/extract/mupdf.js'

import { STEXT_OPTIONS } from '../../out/src-main/extract/page.js'
const folder = process.argv[2]
let pages = 0
for (const name of readdirSync(folder).sort()) {
  if (!/\.pdf$/i.test(name)) continue
  let doc
  try {
    doc = mupdf.Document.openDocument(readFileSync(join(folder, name)), 'application/pdf')
    if (doc.needsPassword() && doc.authenticatePassword('') === 0) continue
    const count = doc.countPages()
    for (let i = 0; i < count; i++) {
      const page = doc.loadPage(i)
      page.toStructuredText(STEXT_OPTIONS).destroy()
      page.destroy()
      pages++
    }
  } catch {
    // A file MuPDF cannot read counts no pages here; the ingest records it as an error.
  } finally {
    doc?.destroy()
  }
}
console.log(pages)
