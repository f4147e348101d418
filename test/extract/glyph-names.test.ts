import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cffGlyphNames } from '../../src-main/extract/cff-encoding.js'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { texGlyphText } from '../../src-main/extract/tex-glyphs.js'
import type { PageLayout } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

const GEO_TOPO = 'pypdf-samples__GeoTopo-komprimiert.pdf'

const textOf = (layout: PageLayout): string =>
  layout.blocks.flatMap((b) => b.lines.flatMap((l) => l.spans.map((s) => s.text))).join('')

/** The decoded /FontFile3 program of the font whose BaseFont ends with `name` on a page. */
function fontProgram(pdf: string, page: number, name: string): Uint8Array {
  const doc = new mupdf.PDFDocument(readFileSync(corpusPdf(pdf)))
  try {
    const fonts = doc
      .loadPage(page - 1)
      .getObject()
      .getInheritable('Resources')
      .get('Font')
    let program: Uint8Array | undefined
    fonts.forEach((font: mupdf.PDFObject) => {
      if (font.get('BaseFont').asName().endsWith(name)) {
        program = font.get('FontDescriptor').get('FontFile3').readStream().asUint8Array().slice()
      }
    })
    if (!program) throw new Error(`no ${name} on page ${page}`)
    return program
  } finally {
    doc.destroy()
  }
}

describe('glyphs MuPDF has no Unicode for', () => {
  it("reads the built-in encoding of TeX's math extension font from its CFF program", () => {
    const names = cffGlyphNames(fontProgram(GEO_TOPO, 41, '+CMEX10'))
    expect(names.get(88)).toBe('summationdisplay')
    expect(names.get(124)).toBe('bracehtipupleft')
    expect(names.get(112)).toBe('radicalbig')
    expect(cffGlyphNames(new Uint8Array([1, 0, 4, 1, 0, 9]))).toEqual(new Map())
  })

  it("maps TeX's sized operators, delimiters and brace tips, and leaves Adobe names to MuPDF", () => {
    expect(texGlyphText('summationdisplay')).toBe('∑')
    expect(texGlyphText('uniontext')).toBe('⋃')
    expect(texGlyphText('braceleftBigg')).toBe('{')
    expect(texGlyphText('radicalbig')).toBe('√')
    expect(texGlyphText('bracehtipupleft')).toBe('\ufe38')
    expect(texGlyphText('parenleft')).toBeUndefined()
    expect(texGlyphText('summation')).toBeUndefined()
  })

  it('reads display sums and unions where MuPDF gave U+FFFD', () => {
    const geoTopo = textOf(layoutOf(corpusPdf(GEO_TOPO), 41))
    expect(geoTopo).not.toContain('\ufffd')
    expect(geoTopo).toContain('⇒χ(∆n) = ∑n')
    const naacl = textOf(layoutOf(corpusPdf('pdfminer__naacl06-shinyama.pdf'), 7))
    expect(naacl).not.toContain('\ufffd')
    expect(naacl).toMatch(/pairscorei = ∑/)
  })
})
