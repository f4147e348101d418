import { describe, expect, it } from 'vitest'
import { unmappedGlyphs } from '../../src-main/checks/unmapped-glyphs.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

function flagOf(name: string, page = 1) {
  return unmappedGlyphs(checkInput(layoutOf(corpusPdf(name), page)))
}

describe('unmapped_glyphs', () => {
  it('flags a page of U+FFFD from an Identity-H font without /ToUnicode', () => {
    const [flag] = flagOf('pymupdf__test_2791_content.pdf', 2)
    expect(flag).toMatchObject({ code: 'unmapped_glyphs', severity: 'error' })
    expect(flag?.message).toBe(
      '50% of characters have no Unicode mapping (1077 of 2175): font TT35 (DKGAFH+Georgia) has no /ToUnicode and the Identity-H encoding'
    )
    expect(flag?.evidence).toMatchObject({ unmapped: 1077, chars: 2175, replacement: 1077 })
  })

  it('flags silent garbage from a TrueType font with neither /ToUnicode nor an encoding', () => {
    const [flag] = flagOf('ocrmypdf__truetype_font_nomapping.pdf')
    expect(flag?.severity).toBe('error')
    expect(flag?.evidence).toMatchObject({ unmapped: 5, chars: 5, replacement: 0 })
    expect(flag?.message).toContain(
      "font R8 (LBYKWV+01ebsit,Bold) has no /ToUnicode and only the font program's own encoding"
    )
  })

  it('flags fonts with opaque glyph names inside a form XObject (TAMReview)', () => {
    const [flag] = flagOf('pdfjs__TAMReview.pdf', 2)
    expect(flag?.severity).toBe('error')
    expect(flag?.message).toMatch(
      /^91% of characters have no Unicode mapping \(2320 of 2552\): font ARRS\/F1 \(EMMOLK\+Cambria\) has no \/ToUnicode and opaque glyph names$/
    )
  })

  it('traces letters from a Type3 font with opaque glyph names to their font', () => {
    const [flag] = unmappedGlyphs(checkInput(layoutOf(fixture('pdfs/type3-opaque-names.pdf'))))
    expect(flag?.severity).toBe('error')
    expect(flag?.message).toMatch(
      /^100% of characters have no Unicode mapping \(7 of 7\): font T1 \(Type3 \(\d+ 0 R\)\) has no \/ToUnicode and opaque glyph names$/
    )
  })

  it('flags the non-Unicode CMap sample of pdfminer issue 791', () => {
    const [flag] = flagOf('pdfminer__issue-791-non-unicode-cmap.pdf')
    expect(flag?.message).toContain('100% of characters')
  })

  it('keeps a few stray symbols to a note and passes clean text', () => {
    // Three arrow tips of an xy-pic font named d32, d47, d127 among a page of lecture notes.
    const [note] = flagOf('pypdf-samples__GeoTopo-komprimiert.pdf', 14)
    expect(note?.severity).toBe('info')
    expect(note?.evidence).toMatchObject({ unmapped: 3 })
    // The paper's big brackets are cmex glyphs the text reads by their TeX names (extract/).
    expect(flagOf('olmocr__math_2503_04086.pdf')).toEqual([])
    expect(flagOf('pdfjs__tracemonkey.pdf')).toEqual([])
    // dmca's bullets come from a symbol TrueType with no map and read as "!": 5 characters, a
    // note; its non-embedded Helvetica (WinAnsi, no /ToUnicode) maps correctly and is not blamed.
    const [bullets] = flagOf('pdfminer__dmca.pdf')
    expect(bullets?.severity).toBe('info')
    expect(bullets?.evidence).toMatchObject({ unmapped: 5, replacement: 0, privateUse: 0 })
    expect(bullets?.message).toContain('ELCKGH+WPTypographicSymbols')
  })
})
