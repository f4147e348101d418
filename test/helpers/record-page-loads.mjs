// Preloaded with `node --import`: every page the process loads with MuPDF is reported on stderr
// as `recto-test: load <page index> after <n>`, n the bytes written to stdout by then. Both
// counts come from the process itself, in the order it did things, so a test sees whether a
// page's text left before another page was read without timing anything.
import { writeSync } from 'node:fs'
// Through the engine's module, which must load MuPDF first (src-main/extract/mupdf.ts).
import { mupdf } from '../../out/src-main/extract/mupdf.js'

let written = 0
const write = process.stdout.write.bind(process.stdout)
process.stdout.write = (chunk, ...rest) => {
  written += Buffer.byteLength(chunk)
  return write(chunk, ...rest)
}

const loadPage = mupdf.PDFDocument.prototype.loadPage
mupdf.PDFDocument.prototype.loadPage = function (index) {
  writeSync(2, `recto-test: load ${index} after ${written}\n`)
  return loadPage.call(this, index)
}
