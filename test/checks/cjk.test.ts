import { describe, expect, it } from 'vitest'
import { cjk } from '../../src-main/checks/cjk.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOfBytes, madePdf } from '../helpers/made-pdf.js'
import { layoutOf } from '../helpers/pages.js'

/**
 * Twelve rows of 20 two-byte codes in a Type0 font (Identity-H, a CIDFontType2 of the Identity
 * ordering, no /ToUnicode, every glyph 1000 units wide as CJK glyphs are), named `baseFont`:
 * MuPDF has no Unicode for any of them.
 */
function cjkWithoutToUnicode(baseFont: string): Uint8Array {
  return madePdf((doc) => {
    const descriptor = doc.addObject({
      Type: 'FontDescriptor',
      FontName: baseFont,
      Flags: 4,
      FontBBox: [0, -120, 1000, 880],
      ItalicAngle: 0,
      Ascent: 880,
      Descent: -120,
      CapHeight: 700,
      StemV: 80
    })
    const descendant = doc.addObject({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: baseFont,
      CIDSystemInfo: { Registry: 'Adobe', Ordering: 'Identity', Supplement: 0 },
      FontDescriptor: descriptor,
      DW: 1000,
      CIDToGIDMap: 'Identity'
    })
    const font = doc.addObject({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: baseFont,
      Encoding: 'Identity-H',
      DescendantFonts: [descendant]
    })
    const rows = Array.from({ length: 12 }, (_, i) => {
      const codes = Array.from({ length: 20 }, (_, k) =>
        (0x400 + ((i * 37 + k * 11) % 900)).toString(16).padStart(4, '0')
      )
      return `BT /C1 12 Tf 72 ${780 - i * 18} Td <${codes.join('')}> Tj ET`
    })
    return [{ content: rows.join('\n'), resources: { Font: { C1: font } } }]
  })
}

describe('cjk', () => {
  it('notes CJK text from a font without /ToUnicode, by its full-width glyphs', () => {
    const [flag] = cjk(checkInput(layoutOfBytes(cjkWithoutToUnicode('ABCDEF+F1'))))
    expect(flag).toMatchObject({ code: 'cjk', severity: 'info' })
    expect(flag?.message).toBe(
      "240 characters of font ABCDEF+F1 (100% of the page) look Chinese, Japanese or Korean, by the font's name or their full-width glyphs, but have no Unicode mapping"
    )
    expect(flag?.evidence).toMatchObject({ script: 'unknown', unmapped: 240 })
  })

  it('names the CJK font a page without /ToUnicode was set in', () => {
    const [flag] = cjk(checkInput(layoutOfBytes(cjkWithoutToUnicode('SimSun'))))
    expect(flag?.message).toMatch(/^240 characters of font SimSun /)
  })

  it('tells mapped CJK by its script and leaves Latin text without a map alone', () => {
    const [kampo] = cjk(checkInput(layoutOf(corpusPdf('pdfminer__kampo.pdf'))))
    expect(kampo?.evidence).toMatchObject({ script: 'Japanese' })
    // Georgia through Identity-H without /ToUnicode: U+FFFD, but of Latin letters' widths.
    expect(cjk(checkInput(layoutOf(corpusPdf('pymupdf__test_2791_content.pdf'), 2)))).toEqual([])
    expect(cjk(checkInput(layoutOf(corpusPdf('pdfjs__TAMReview.pdf'), 2)))).toEqual([])
  })
})
