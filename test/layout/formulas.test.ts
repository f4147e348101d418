import { describe, expect, it } from 'vitest'
import { formulaLines } from '../../src-main/layout/formulas.js'
import { blockText } from '../../src-main/layout/page-text.js'
import { corpusPdf } from '../helpers/corpus.js'
import { elementsPdf, prose, SUM } from '../helpers/elements-pdf.js'
import { analysisOfBytes } from '../helpers/made-pdf.js'
import { analysisOf } from '../helpers/pages.js'

type Page = ReturnType<typeof analysisOfBytes>['pages'][number]

const formulaBlocks = (page: Page) =>
  page.layout.blocks.filter((b) => page.analysis.roles[b.id] === 'formula')

describe('display formulas', () => {
  it('marks every piece of a stacked sum as formula, and reads its rows top down', () => {
    const page = analysisOfBytes(elementsPdf([SUM])).pages[0]!
    const pieces = formulaBlocks(page)
    expect(pieces.map((b) => blockText(b)).join(' ')).toContain('k = n(n + 1)')
    expect(formulaLines(pieces)).toEqual(['n', '∑ k = n(n + 1)', 'k=1 2'])
    for (const b of page.layout.blocks.filter((b) => !pieces.includes(b))) {
      expect(page.analysis.roles[b.id]).toBe('body')
    }
  })

  it('never takes a formula set large for a heading', () => {
    const page = analysisOfBytes(
      elementsPdf([
        [
          ...prose(760, ['Body text at ten points, as most of the page is set.', 'More of it.']),
          { x: 250, y: 720, text: 'F(b) = F(a) + C', size: 16 },
          ...prose(690, ['And the text goes on after the formula, at ten points.'])
        ]
      ])
    ).pages[0]!
    const big = page.layout.blocks.find((b) => blockText(b).startsWith('F(b)'))!
    expect(page.analysis.roles[big.id]).toBe('formula')
  })

  it('leaves an equation inside a sentence in its paragraph', () => {
    const page = analysisOfBytes(
      elementsPdf([prose(760, ['We set x = 3 and y = 4, so that the sum is x + y = 7.'])])
    ).pages[0]!
    expect(formulaBlocks(page)).toEqual([])
  })

  it('marks the display formulas of a real calculus sheet, none as a heading', () => {
    const page = analysisOf(corpusPdf('olmocr__mathfuncs.pdf')).pages[0]!
    const texts = formulaBlocks(page).map((b) => blockText(b))
    expect(texts.some((t) => t.includes('F(b) − F(a)'))).toBe(true)
    expect(texts.some((t) => t.includes('∇ ⋅ B = 0'))).toBe(true)
    const headings = page.layout.blocks.filter((b) => page.analysis.roles[b.id] === 'heading')
    expect(headings.map((b) => blockText(b)).join(' ')).not.toMatch(/[=∇∫]/u)
  })
})
