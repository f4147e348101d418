import { describe, expect, it } from 'vitest'
import { spacingSuspect } from '../../src-main/checks/spacing-suspect.js'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOfBytes, madePdf, textLines } from '../helpers/made-pdf.js'
import { layoutOf } from '../helpers/pages.js'

const PROSE = [
  'Invoice number 2041 for the services rendered in March to our client',
  'The total amount is due within thirty days of the date on this invoice',
  'Please quote the invoice number with your payment and send it to us',
  'Our bank details are printed at the foot of the page for your records',
  'Thank you for your business and we look forward to working with you'
]

/** A Helvetica page made of `content`, which draws with the font resource F1. */
function helveticaPage(content: string): Uint8Array {
  return madePdf((doc) => {
    const resources = { Font: { F1: doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin') } }
    return [{ content, resources }]
  })
}

/**
 * Words longer than four letters drawn in two pieces 0.15 em apart ([(Inv) -150 (oice)]), the
 * words themselves parted by space glyphs: MuPDF reads each piece as a word.
 */
function kerningSplitPage(): Uint8Array {
  const lines = PROSE.map((line, i) => {
    const words = line
      .split(' ')
      .map((w) => (w.length > 4 ? `(${w.slice(0, 3)}) -150 (${w.slice(3)})` : `(${w})`))
    return `BT /F1 10 Tf 72 ${770 - i * 14} Td [${words.join(' ( ) ')}] TJ ET`
  })
  return helveticaPage(lines.join('\n'))
}

/** One word of the first line tracked 0.8 em apart (8 Tc at 10 pt), the rest set normally. */
function trackedWordPage(): Uint8Array {
  const first = 'BT /F1 10 Tf 72 800 Td (Total for ) Tj 8 Tc (INVOICE) Tj 0 Tc ( 2041 is due) Tj ET'
  return helveticaPage(`${first}\n${textLines('F1', 10, PROSE)}`)
}

function flagOf(layout: Parameters<typeof checkInput>[0]) {
  return spacingSuspect(checkInput(layout))
}

describe('spacing_suspect', () => {
  it('catches words cut in two where a kerning gap was read as a space', () => {
    const [flag] = flagOf(layoutOfBytes(kerningSplitPage()))
    expect(flag).toMatchObject({ code: 'spacing_suspect', severity: 'warn' })
    expect(flag?.message).toMatch(
      /^words look cut at kerning gaps: 2\d narrow gaps inside words in \d+ words \(e\.g\. Inv oice, num ber, ser vices\)$/
    )
  })

  it('catches a single letter-spaced word among words set normally', () => {
    const [flag] = flagOf(layoutOfBytes(trackedWordPage()))
    expect(flag?.severity).toBe('warn')
    expect(flag?.message).toBe(
      '1 letter-spaced word reads a letter at a time (e.g. I N V O I C E); line: "Total for I N V O I C E 2041 is due"'
    )
    expect(flag?.evidence).toMatchObject({ lines: ['Total for I N V O I C E 2041 is due'] })
  })

  it('names a line whose words run together where no gap tells them apart', () => {
    // Drawn with the words abutting and no space: no gap of the line parts them.
    const together =
      'BT /F1 10 Tf 72 690 Td (Invoicetotalamountsnowincludetheregionalservicelevy.) Tj ET'
    const [flag] = flagOf(
      layoutOfBytes(helveticaPage(`${together}\n${textLines('F1', 10, PROSE)}`))
    )
    expect(flag?.message).toBe(
      'spaces look missing: 1 line reads as words run together (e.g. Invoicetotalamountsnowincludetheregionalservicelevy.); line: "Invoicetotalamountsnowincludetheregionalservicelevy."'
    )
    expect(flag?.evidence).toMatchObject({
      missing: true,
      lines: ['Invoicetotalamountsnowincludetheregionalservicelevy.']
    })
  })

  it('passes the same words set normally, and tracking the text closes up', () => {
    expect(flagOf(layoutOfBytes(helveticaPage(textLines('F1', 10, PROSE))))).toEqual([])
    // 0.3 em of tracking: the text reads "INVOICE SUMMARY" and needs no look.
    const heading = 'BT 3 Tc /F1 10 Tf 72 800 Td (INVOICE SUMMARY) Tj 0 Tc ET'
    expect(
      flagOf(layoutOfBytes(helveticaPage(`${heading}\n${textLines('F1', 10, PROSE)}`)))
    ).toEqual([])
  })

  it('keeps uneven word gaps and figure labels of real pages unflagged', () => {
    // A legal notice whose word gaps run from 0.12 to 0.23 em ("of any liability").
    expect(flagOf(layoutOf(corpusPdf('olmocr__lots_of_sci_tables.pdf'), 6))).toEqual([])
    // Rows of point labels beside a drawing ("b b b b b a a b …").
    expect(flagOf(layoutOf(corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf'), 40))).toEqual([])
    expect(flagOf(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf'), 4))).toEqual([])
  })

  it('flags a real line whose words the file left in letters and pieces', () => {
    // redp5110 p10 draws "Specifies that the row permission is to be initially disabled" so
    // that MuPDF (and PyMuPDF) read "S ifi th t th i i i t b i iti ll di bl d".
    const [flag] = flagOf(layoutOf(corpusPdf('docling__redp5110_sampled.pdf'), 10))
    expect(flag?.evidence).toMatchObject({ tracked: ['i i i t b i'] })
  })
})
