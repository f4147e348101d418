import { readFileSync } from 'node:fs'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { applyFontMaps } from '../../src-main/repair/apply.js'
import { fontDicts } from '../../src-main/repair/font-programs.js'
import { fixture } from './corpus.js'
import { fontMapPdf } from './font-map-pdf.js'

/**
 * The Arabic fixture (five lines Chromium set in DejaVu Sans, with a right /ToUnicode) with a
 * wrong map: every Arabic letter or letter form the map gives moved four code points on (the
 * next letter, or another; back where that leaves the letters), as a broken producer's map
 * reads ("صوو عييهاوخ").
 */
export function wrongArabicMap(): Uint8Array {
  const doc = mupdf.Document.openDocument(
    readFileSync(fixture('pdfs/arabic-text.pdf')),
    'application/pdf'
  )
  const pdf = doc.asPDF()!
  const font = (pdf.loadPage(0) as mupdf.PDFPage)
    .getObject()
    .getInheritable('Resources')
    .get('Font')
    .get('F4')
  const cmap = font
    .get('ToUnicode')
    .readStream()
    .asString()
    .split('\n')
    .map((line) => {
      // The last code of a bfchar or bfrange line is the text the map gives.
      const found = /^((?:<[0-9A-F]{4}> )+)<([0-9A-F]{4})>$/.exec(line)
      if (!found) return line
      const cp = parseInt(found[2]!, 16)
      const letters = [
        [0x0621, 0x064a],
        [0xfe80, 0xfef4]
      ].find(([from, to]) => cp >= from! && cp <= to!)
      if (!letters) return line
      const wrong = cp + 4 <= letters[1]! ? cp + 4 : cp - 4
      return `${found[1]}<${wrong.toString(16).toUpperCase().padStart(4, '0')}>`
    })
    .join('\n')
  font.put('ToUnicode', pdf.addStream(cmap, {}))
  const bytes = pdf.saveToBuffer('').asUint8Array().slice()
  doc.destroy()
  return bytes
}

export const HEADING = 'Library Opening Hours for the Summer Term'

/**
 * The heading's font after a repair, with the source `ocr` a repair records: a right one
 * (`shift` 0), or one that learned its letters wrong, each letter's code given the letter
 * `shift` places on ("Jgzpypw" for "Library" at -2).
 */
export function repairedHeading(shift: number): Uint8Array {
  const bytes = fontMapPdf('missing', [HEADING])
  const times = new mupdf.Font('Times-Roman')
  const map = new Map<number, string>()
  for (const ch of new Set(HEADING)) {
    const base = /[a-z]/.test(ch) ? 97 : /[A-Z]/.test(ch) ? 65 : -1
    const learned =
      base < 0 ? ch : String.fromCharCode(((ch.charCodeAt(0) - base + shift + 26) % 26) + base)
    map.set(times.encodeCharacter(ch), learned)
  }
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  const [dict] = fontDicts(doc.asPDF()!)
  const program = dict!.program.id
  doc.destroy()
  return applyFontMaps(bytes, [{ program, source: 'ocr', map }])
}
