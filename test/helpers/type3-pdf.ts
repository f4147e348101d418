import type { mupdf } from '../../src-main/extract/mupdf.js'
import { madePdf, textLines } from './made-pdf.js'

/** The prose the Type3 fixture draws: every line has words with a "c". */
export const TYPE3_LINES: readonly string[] = [
  'Speech by Gerlach at the opening of the autumn council meeting',
  'The abstract of each chapter was checked once more by the clerk',
  'Much of the music came back to the concert hall that December',
  'which met once more in the old town hall for its special session',
  'Each voice in the choir could reach the church across the cold',
  'A quick black cat jumps over the fence while the clock strikes',
  'Scientific practice needs a clear record of every fact and claim',
  'The council decided to cancel the picnic because of the cold rain'
]

/**
 * A Type3 font whose glyphs draw Helvetica's letters (each procedure shows its letter), named
 * after their letters in the /Differences, except "c": code 1, glyph name g99, and no /ToUnicode.
 * MuPDF reads every other letter by its name and the "c" as U+FFFD, so every word with a "c"
 * has a hole ("Spee\ufffdh", "Gerla\ufffdh", "Abstra\ufffdt") while the page looks whole.
 */
export function type3WithoutCPdf(): Uint8Array {
  return madePdf((doc: mupdf.PDFDocument) => {
    const helvetica = doc.addObject({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: 'Helvetica',
      Encoding: 'WinAnsiEncoding'
    })
    const glyphResources = doc.addObject({ Font: { H: helvetica } })
    const glyph = (ch: string, width: number) =>
      doc.addStream(`${width} 0 d0 BT /H 1000 Tf 0 0 Td (${ch}) Tj ET`, {})
    const procs: Record<string, unknown> = { space: doc.addStream('278 0 d0', {}) }
    const widths: number[] = new Array<number>(123).fill(0)
    widths[32] = 278
    const differences: (number | string)[] = [1, 'g99', 32, 'space', 65]
    // Helvetica's advance widths (per mille): wide enough that OCR sees a word, not a smear.
    const advance = (ch: string) => (/[A-Z]/.test(ch) ? 667 : /[ijl]/.test(ch) ? 222 : 556)
    for (let code = 65; code <= 122; code++) {
      const letter = String.fromCharCode(code)
      const isLetter = /[A-Za-z]/.test(letter) && letter !== 'c'
      differences.push(isLetter ? letter : '.notdef')
      if (!isLetter) continue
      procs[letter] = glyph(letter, advance(letter))
      widths[code] = advance(letter)
    }
    procs.g99 = glyph('c', 500)
    widths[1] = 500
    const font = doc.addObject({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, -220, 1000, 950],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: procs,
      Resources: glyphResources,
      Encoding: { Type: 'Encoding', Differences: differences },
      FirstChar: 0,
      LastChar: 122,
      Widths: widths
    })
    const content = textLines('T3', 12, TYPE3_LINES).replaceAll('c', '\\001')
    return [{ content, resources: { Font: { T3: font } } }]
  })
}

/** A paper's paragraph: one word, "β-oxidation", has its Greek letter drawn with code 1. */
export const BETA_LINES: readonly string[] = [
  'Fatty acids are broken down in the mitochondria by \\001-oxidation, a cycle',
  'of four steps that shortens the chain by two carbons on every turn and feeds',
  'acetyl units to the citric acid cycle where the cell draws most of its energy',
  'from them; the rate of the cycle follows the demand of the tissue for fuel',
  'and the supply of fatty acids that the blood brings to the muscle cells'
]

/**
 * Helvetica's letters, digits and marks as a Type3 font named by their glyph names, and code 1
 * drawn as Symbol's beta under the opaque name g946, with no /ToUnicode: MuPDF reads the page
 * whole but for that one glyph, which comes out as U+FFFD ("\ufffd-oxidation"), under 1 % of
 * the page's characters.
 */
export function type3LostBetaPdf(lines: readonly string[] = BETA_LINES): Uint8Array {
  return madePdf((doc: mupdf.PDFDocument) => {
    const font = (name: string) => doc.addObject({ Type: 'Font', Subtype: 'Type1', BaseFont: name })
    const glyphResources = doc.addObject({ Font: { H: font('Helvetica'), S: font('Symbol') } })
    const glyph = (ch: string, width: number, face = 'H') =>
      doc.addStream(`${width} 0 d0 BT /${face} 1000 Tf 0 0 Td (${ch}) Tj ET`, {})
    const procs: Record<string, unknown> = {
      space: doc.addStream('278 0 d0', {}),
      g946: glyph('b', 549, 'S')
    }
    const widths: number[] = new Array<number>(123).fill(0)
    widths[32] = 278
    widths[1] = 549
    const names: Record<string, string> = {
      ',': 'comma',
      '-': 'hyphen',
      '.': 'period',
      ';': 'semicolon'
    }
    const differences: (number | string)[] = [1, 'g946', 32, 'space']
    for (let code = 33; code <= 122; code++) {
      const ch = String.fromCharCode(code)
      const name = /[A-Za-z]/.test(ch) ? ch : names[ch]
      differences.push(name ?? '.notdef')
      if (!name) continue
      const advance = /[A-Z]/.test(ch) ? 667 : /[ijl,.;-]/.test(ch) ? 278 : 556
      procs[name] = glyph(ch, advance)
      widths[code] = advance
    }
    differences.splice(4, 0, 33)
    const type3 = doc.addObject({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, -220, 1000, 950],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: procs,
      Resources: glyphResources,
      Encoding: { Type: 'Encoding', Differences: differences },
      FirstChar: 0,
      LastChar: 122,
      Widths: widths
    })
    return [{ content: textLines('T3', 11, lines), resources: { Font: { T3: type3 } } }]
  })
}
