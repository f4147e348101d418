// The readings of a page extraction asks MuPDF for beyond the loop's one (the `structured`
// reading of tagged pages, the `use-cid-for-unknown-unicode` one of pages with glyphs MuPDF
// could not map), and what they cost against the loop's: MuPDF's own share of extraction, which
// no speed-up of Recto's JS lowers. Each is timed right after the page's first reading, as
// extraction makes it (the page's fonts and objects then already loaded).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { closePdf, openPdf } from '../../out/src-main/extract/open.js'
import { extractPage, STEXT_OPTIONS } from '../../out/src-main/extract/page.js'
import { mupdf } from '../../out/src-main/extract/mupdf.js'

const ROUNDS = 3

function cpuMs() {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** `visit(file, f, index)` for every page of every PDF MuPDF opens. */
function eachPage(files, visit) {
  files.forEach((bytes, f) => {
    let file
    try {
      file = openPdf(bytes)
    } catch {
      return
    }
    for (let index = 0; index < file.pageCount; index++) visit(file, f, index)
    closePdf(file)
  })
}

/** Options of the readings extraction makes of each page after the first, by file and page. */
function readingsAsked(files) {
  const asked = files.map(() => [])
  const read = mupdf.PDFPage.prototype.toStructuredText
  let current = []
  mupdf.PDFPage.prototype.toStructuredText = function (options) {
    if (options !== STEXT_OPTIONS) current.push(options)
    return read.call(this, options)
  }
  try {
    eachPage(files, (file, f, index) => {
      current = []
      extractPage(file, index)
      asked[f][index] = current
    })
  } finally {
    mupdf.PDFPage.prototype.toStructuredText = read
  }
  return asked
}

/**
 * { pages, readings, ratio }: the further readings extraction makes over the PDFs of `folder`,
 * and their CPU over that of the pages' first readings (median of three rounds).
 */
export function secondReadings(folder) {
  mupdf.disableICC()
  const files = readdirSync(folder)
    .filter((name) => /\.pdf$/i.test(name))
    .sort()
    .map((name) => readFileSync(join(folder, name)))
  const asked = readingsAsked(files)
  const ratios = []
  let pages = 0
  for (let round = 0; round < ROUNDS; round++) {
    let first = 0
    let further = 0
    pages = 0
    eachPage(files, (file, f, index) => {
      const page = file.pdf.loadPage(index)
      let started = cpuMs()
      page.toStructuredText(STEXT_OPTIONS).destroy()
      first += cpuMs() - started
      started = cpuMs()
      for (const options of asked[f][index] ?? []) page.toStructuredText(options).destroy()
      further += cpuMs() - started
      page.destroy()
      pages++
    })
    ratios.push(further / first)
  }
  const readings = asked.reduce((n, file) => n + file.reduce((m, page) => m + page.length, 0), 0)
  return { pages, readings, ratio: [...ratios].sort((a, b) => a - b)[(ROUNDS - 1) >> 1] }
}
