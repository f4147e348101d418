import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { countOverdraw } from '../../src-main/extract/overdraw.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

const ISSUE_71 = corpusPdf('pdfplumber__issue-71-duplicate-chars.pdf')

describe('overdraw', () => {
  it("counts issue-71's fake bold, which its empty /ActualText keeps out of the blocks", () => {
    const first = layoutOf(ISSUE_71, 1)
    expect(first.overdraw).toEqual({
      glyphs: 1209,
      overdrawn: 147,
      sample: '本科 计算机科学与技术（应用技术） 高中'
    })
    const text = first.blocks.flatMap((b) => b.lines.flatMap((l) => l.spans.map((s) => s.text)))
    expect(text.filter((t) => t.includes('计算机科学与技术'))).toHaveLength(1)
    expect(layoutOf(ISSUE_71, 2).overdraw).toMatchObject({ glyphs: 198, overdrawn: 99 })
  })

  it('counts nothing on a page with /ActualText and no copies', () => {
    // mathfuncs marks zero-width spaces with /ActualText, so the glyph pass runs.
    expect(layoutOf(corpusPdf('olmocr__mathfuncs.pdf')).overdraw).toMatchObject({ overdrawn: 0 })
  })

  it("runs where a structure element of the page's marked content has /ActualText", () => {
    // The CMS form's page 7 has no /ActualText in its content, only in its tagged elements.
    const page = layoutOf(corpusPdf('pymupdf__cms-etc-filled.pdf'), 7)
    expect(page.overdraw).toMatchObject({ overdrawn: 0 })
    expect(page.overdraw?.glyphs).toBeGreaterThan(1000)
  })

  it('skips the glyph pass where MuPDF has no /ActualText to apply', () => {
    expect(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf')).overdraw).toBeNull()
  })

  it('takes text filled and stroked as one object (render mode 2) for one drawing', () => {
    // issue-67's headings are drawn in render mode 2: every glyph reaches the device twice.
    const file = openPdf(readFileSync(corpusPdf('pdfplumber__issue-67-example.pdf')))
    const page = file.pdf.loadPage(1)
    try {
      const { glyphs, overdrawn } = countOverdraw(page)
      expect(glyphs).toBeGreaterThan(100)
      expect(overdrawn).toBe(0)
    } finally {
      page.destroy()
      closePdf(file)
    }
  })
})
