import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { closePdf, openPdf } from '../../src-main/extract/index.js'
import { headingLevel } from '../../src-main/layout/headings.js'
import { blockText } from '../../src-main/layout/page-text.js'
import { blockRoles } from '../../src-main/layout/roles.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { corpusPdf } from '../helpers/corpus.js'

/** The text of the blocks the engine gives the heading role on each page asked for. */
function headings(name: string, pages: readonly number[]): string[][] {
  const pdf = openPdf(readFileSync(corpusPdf(name)))
  try {
    return analyzeDocument(pdf, pages).pages.map(({ layout, analysis }) =>
      layout.blocks.filter((b) => analysis.roles[b.id] === 'heading').map((b) => blockText(b))
    )
  } finally {
    closePdf(pdf)
  }
}

describe('headings', () => {
  it('takes no formula set large for a heading, and a numbered section title for one', () => {
    const large = { size: 16, boldShare: 0, chars: 10 }
    expect(headingLevel(large, 'F(b) − F(a)', 1, 10)).toBe(0)
    expect(headingLevel(large, 'n(n + 1) = 2k', 1, 10)).toBe(0)
    expect(headingLevel(large, '3. Results', 1, 10)).toBe(1)
    expect(headingLevel(large, 'Die Funktion f(x)', 1, 10)).toBe(1)
  })

  it("finds a paper's title and section headings, and nothing of its paragraphs", () => {
    expect(headings('pdfjs__tracemonkey.pdf', [1, 2])).toEqual([
      [
        'Trace-based Just-in-Time Type Specialization for Dynamic',
        'Languages',
        'Abstract',
        '1. Introduction'
      ],
      ['2. Overview: Example Tracing Run']
    ])
  })

  it("leaves a table's bold column heads and a line ending in a colon as body", () => {
    // eu-001's body size is its tables' 8 pt: the 10 pt introduction and the 8 pt bold column
    // heads ("to water", "kg/year", drawn inside the rows' box) would pass for headings.
    expect(headings('pdfbox__eu-001.pdf', [1])).toEqual([
      ['E-PRTR pollutants and their thresholds', 'Greenhouse gases', 'Other gases', 'Heavy metals']
    ])
  })

  it('finds none without the document body size', () => {
    const pdf = openPdf(readFileSync(corpusPdf('pdfjs__tracemonkey.pdf')))
    try {
      const [page] = analyzeDocument(pdf, [1]).pages
      expect(blockRoles(page!.layout)).not.toContain('heading')
    } finally {
      closePdf(pdf)
    }
  })
})
