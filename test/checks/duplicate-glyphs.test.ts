import { describe, expect, it } from 'vitest'
import { duplicateGlyphs, duplicateGlyphsCheck } from '../../src-main/checks/duplicate-glyphs.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('duplicate_glyphs', () => {
  it('flags a line painted twice over itself', () => {
    const layout = layoutOf(corpusPdf('docling__redp5110_sampled.pdf'), 10)
    const [flag] = duplicateGlyphsCheck(checkInput(layout))
    expect(flag).toMatchObject({ code: 'duplicate_glyphs', severity: 'warn' })
    expect(flag?.evidence['examples']).toContain('ENFORCED FOR ALL ACCESS')
  })

  it('stays quiet on clean pages and on glyph pairs along rotated lines', () => {
    expect(duplicateGlyphs(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf'))).pairs).toBe(0)
    // Rotated lines share one x range, so doubled letters ("ll") there are not overprints.
    expect(duplicateGlyphs(layoutOf(corpusPdf('pymupdf__test_2634.pdf'), 3)).pairs).toBe(0)
  })

  it('MuPDF already drops fake-bold glyphs drawn at the same origin', () => {
    // pdfminer reads issue-71's headings twice ("项目名称一1" on two lines); MuPDF once.
    const layout = layoutOf(corpusPdf('pdfplumber__issue-71-duplicate-chars.pdf'))
    const text = layout.blocks
      .map((b) => b.lines.map((l) => l.spans.map((s) => s.text).join('')).join('\n'))
      .join('\n')
    expect(text.split('项目名称一1').length - 1).toBe(1)
  })
})
