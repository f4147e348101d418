import { describe, expect, it } from 'vitest'
import { linesAcrossGutter } from '../../src-main/checks/gutter-lines.js'
import type { AnalyzedPage } from '../../src-main/analysis/analyze-document.js'
import { spotsOf } from '../../src-main/shared/spots.js'
import { analysisOfDrawn, column } from '../helpers/drawn-pdf.js'
import { gutterPage } from '../helpers/gutter-pdf.js'
import { PROSE } from '../helpers/prose.js'

/**
 * Columns set `gutter` points apart, with one line of the first column overfull: it runs on
 * into the gutter, so that no clean gap parts the columns on that row and extraction leaves
 * the lines whole, read across the columns.
 */
function overfull(columns: number, gutter: number): AnalyzedPage {
  const { page } = gutterPage(columns, gutter)
  const runs = page.runs.map((run, i) =>
    i === 4 * columns && run.x === 36 ? { ...run, text: `${run.text}-` } : run
  )
  return analysisOfDrawn([{ runs }]).pages[0]!
}

function analysed(...args: Parameters<typeof gutterPage>): AnalyzedPage {
  return analysisOfDrawn([gutterPage(...args).page]).pages[0]!
}

function gutters(page: AnalyzedPage) {
  const { layout, analysis } = page
  return linesAcrossGutter({
    layout,
    order: analysis.order,
    roles: analysis.roles,
    text: analysis.text,
    rawText: '',
    doc: { pageCount: 1, medianChars: 0 }
  })
}

describe('lines run on across a column gap', () => {
  it('sends two columns 6 pt apart, left read as one line each, to review and marks the lines', () => {
    const page = overfull(2, 6)
    // The text as a reader would not read it: the first column's line runs on into the second's.
    expect(page.analysis.text).toContain('found The railway reached')
    expect(page.analysis.decision).toBe('review')
    const flag = page.analysis.flags.find((f) => f.code === 'order_suspect')
    expect(flag?.message).toBe(
      'Reading order suspect: 5 lines run on across a column gap at x 309 ("…e harbour late on Friday found" | "The railway reached the valley in the sp…")'
    )
    const [spot] = spotsOf(flag?.evidence ?? {})
    expect(spot?.note).toBe('lines run across columns')
    // The spot spans both columns' lines, from the page's left margin to its right.
    expect(spot?.bbox[0]).toBeCloseTo(36, 0)
    expect(spot?.bbox[2]).toBeGreaterThan(560)
  })

  it('sees three columns run together as well', () => {
    const page = overfull(3, 4)
    expect(page.analysis.decision).toBe('review')
    expect(gutters(page).length).toBeGreaterThan(0)
  })

  it('says nothing where extraction cut the lines at the gutter and the page reads right', () => {
    for (const [columns, gutter] of [
      [2, 6],
      [3, 4]
    ] as const) {
      const page = analysed(columns, gutter)
      expect(page.analysis.text).not.toContain('found The railway')
      expect(gutters(page)).toEqual([])
      expect(page.analysis.decision).toBe('ok')
    }
  })

  it('says nothing where the gutter is wide enough for the columns to be read apart', () => {
    const page = analysed(2, 18)
    expect(page.analysis.text).not.toContain('found The railway')
    expect(gutters(page)).toEqual([])
    expect(page.analysis.decision).toBe('ok')
  })

  it('says nothing of one justified column, whose word starts line up only by chance', () => {
    const text = Object.values(PROSE).join(' ')
    const page = analysisOfDrawn([{ runs: column(text, 72, 720, 468, 10, 12) }]).pages[0]!
    expect(gutters(page)).toEqual([])
    expect(page.analysis.decision).toBe('ok')
  })

  it('says nothing of a line repeated, whose words line up because they are the same words', () => {
    const line = 'The same sentence again and again across the whole width of the page here.'
    const runs = Array.from({ length: 6 }, (_, i) => ({ x: 72, y: 720 - i * 14, text: line }))
    const page = analysisOfDrawn([{ runs }]).pages[0]!
    expect(gutters(page)).toEqual([])
  })
})
