import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { fontDicts } from '../../src-main/repair/font-programs.js'
import { programConfirms, programWitness } from '../../src-main/verify/program-witness.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'
import { fontMapPdf } from '../helpers/font-map-pdf.js'
import { HEADING, wrongArabicMap } from '../helpers/wrong-maps.js'

/** Each font of the file by name, with its program's word on its map. */
function witnesses(bytes: Uint8Array) {
  const file = openPdf(bytes)
  try {
    return new Map(fontDicts(file.pdf).map((dict) => [dict.name, programWitness(dict)]))
  } finally {
    closePdf(file)
  }
}

describe("a font program's own word on its map", () => {
  it('confirms right Arabic maps by the cmap, and by glyph names where a subset lost its cmap', () => {
    // docling's Times New Roman: Type0, Identity codes, the program's Unicode cmap.
    const docling = witnesses(readFileSync(corpusPdf('docling__right_to_left_01.pdf')))
    expect(docling.get('TimesNewRomanPSMT')).toEqual({ letters: 86, witnessed: 86, differ: 0 })
    expect(programConfirms(docling.get('TimesNewRomanPSMT')!)).toBe(true)
    // The Persian article's fonts re-encoded to one-byte codes keep only a Macintosh cmap, and
    // name their glyphs "u0627", "uFEE0" in the post table.
    const persian = witnesses(
      readFileSync(corpusPdf('olmocr__ff3d6e051903fe5ca9bc172ece14964c5632_pg1.pdf'))
    )
    expect(persian.get('AOMFFX+BZar')).toEqual({ letters: 92, witnessed: 92, differ: 0 })
    expect(programConfirms(persian.get('AOMFFX+BZar')!)).toBe(true)
    const right = witnesses(readFileSync(fixture('pdfs/arabic-text.pdf')))
    expect(programConfirms(right.get('AAAAAA+DejaVuSans')!)).toBe(true)
  })

  it('finds a wrong Arabic map at odds with the program, which leaves it to OCR', () => {
    const witness = witnesses(wrongArabicMap()).get('AAAAAA+DejaVuSans')!
    expect(witness.witnessed).toBe(witness.letters)
    expect(witness.differ).toBeGreaterThan(witness.letters / 2)
    expect(programConfirms(witness)).toBe(false)
  })

  it('has no word on a program without a cmap or glyph names to ask', () => {
    // The base-14 Times MuPDF embeds is a CFF program: the shifted heading goes to OCR.
    const shifted = witnesses(fontMapPdf('shifted', [HEADING]))
    expect([...shifted.values()]).toEqual([null])
  })

  it('does not settle a map on a few letters, or one whose joined forms it cannot name', () => {
    expect(programConfirms({ letters: 7, witnessed: 7, differ: 0 })).toBe(false)
    expect(programConfirms({ letters: 80, witnessed: 60, differ: 0 })).toBe(false)
    expect(programConfirms({ letters: 80, witnessed: 80, differ: 1 })).toBe(false)
  })
})
