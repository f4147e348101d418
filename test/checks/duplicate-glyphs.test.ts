import { describe, expect, it } from 'vitest'
import { duplicateGlyphs, duplicateGlyphsCheck } from '../../src-main/checks/duplicate-glyphs.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('duplicate_glyphs', () => {
  it('notes a heading painted twice over itself, which the text reads once', () => {
    const layout = layoutOf(corpusPdf('docling__redp5110_sampled.pdf'), 10)
    const page = checkInput(layout)
    const [flag] = duplicateGlyphsCheck(page)
    expect(flag).toMatchObject({ code: 'duplicate_glyphs', severity: 'info' })
    expect(flag?.evidence['examples']).toContain('ENFORCED FOR ALL ACCESS')
    expect(page.text.split('ENFORCED FOR ALL ACCESS').length - 1).toBe(1)
  })

  it('warns where the copy shares its block with the original, so the text reads it twice', () => {
    const real = layoutOf(corpusPdf('docling__redp5110_sampled.pdf'), 10)
    const [first, copy] = real.blocks.filter(
      (b) => b.lines[0]?.spans[0]?.text === 'ENFORCED FOR ALL ACCESS'
    )
    const blocks = real.blocks
      .filter((b) => b !== copy)
      .map((b) => (b === first ? { ...b, lines: [...b.lines, ...copy!.lines] } : b))
      .map((b, id) => ({ ...b, id }))
    const [flag] = duplicateGlyphsCheck(checkInput({ ...real, blocks }))
    expect(flag).toMatchObject({ code: 'duplicate_glyphs', severity: 'warn' })
  })

  it('stays quiet on clean pages and on glyph pairs along rotated lines', () => {
    expect(duplicateGlyphs(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf'))).pairs).toBe(0)
    // Rotated lines share one x range, so doubled letters ("ll") there are not overprints.
    expect(duplicateGlyphs(layoutOf(corpusPdf('pymupdf__test_2634.pdf'), 3)).pairs).toBe(0)
  })

  it("notes issue-71's fake bold, which the file's /ActualText keeps out of the text", () => {
    const path = corpusPdf('pdfplumber__issue-71-duplicate-chars.pdf')
    const layout = layoutOf(path)
    // pdfminer reads issue-71's headings twice ("项目名称一1" on two lines); MuPDF once.
    const text = layout.blocks
      .map((b) => b.lines.map((l) => l.spans.map((s) => s.text).join('')).join('\n'))
      .join('\n')
    expect(text.split('项目名称一1').length - 1).toBe(1)
    expect(duplicateGlyphsCheck(checkInput(layout))).toEqual([
      {
        code: 'duplicate_glyphs',
        severity: 'info',
        message:
          '147 of 1,209 glyphs are drawn twice over themselves (fake bold), as in "本科 计算机科学与技术（应用技术） 高中"; the text reads each once',
        evidence: { overdrawn: 147, glyphs: 1209, sample: '本科 计算机科学与技术（应用技术） 高中' }
      }
    ])
    const [second] = duplicateGlyphsCheck(checkInput(layoutOf(path, 2)))
    expect(second?.message).toMatch(/^99 of 198 glyphs are drawn twice over themselves/)
  })

  it('flags nothing on a clean page, nor where the glyph pass found no copy', () => {
    expect(duplicateGlyphsCheck(checkInput(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf'))))).toEqual(
      []
    )
    const mathfuncs = layoutOf(corpusPdf('olmocr__mathfuncs.pdf'))
    expect(mathfuncs.overdraw).not.toBeNull()
    expect(duplicateGlyphsCheck(checkInput(mathfuncs))).toEqual([])
  })
})
