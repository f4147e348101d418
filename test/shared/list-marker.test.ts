import { describe, expect, it } from 'vitest'
import { hangingEdge, opensItem } from '../../src-main/shared/list-marker.js'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'

/** The lines of a Courier page (each character 6 pt wide at 10 pt) drawn a line a row from x 72. */
function courierLines(texts: readonly string[]) {
  const runs = texts.map((text, i) => ({ x: 72, y: 700 - i * 30, text, size: 10 }))
  const { layout } = analysisOfDrawn([{ runs }], 'Courier').pages[0]!
  return layout.blocks.flatMap((b) => b.lines)
}

describe('hangingEdge', () => {
  it("finds where a list item's text starts right of its marker", () => {
    const [star, numbered, lettered] = courierLines([
      '* Railway: every spring',
      '12. Museum: once a month',
      '(b) Forest: late on Friday'
    ])
    // Two characters ("* "), four ("12. ") and four ("(b) ") before the text, 6 pt each.
    expect(hangingEdge(star!)).toBeCloseTo(72 + 2 * 6, 0)
    expect(hangingEdge(numbered!)).toBeCloseTo(72 + 4 * 6, 0)
    expect(hangingEdge(lettered!)).toBeCloseTo(72 + 4 * 6, 0)
  })

  it('finds none on a line that opens with no marker, or with a marker and no text', () => {
    const [prose, hyphenated, alone] = courierLines(['Railway: every spring', '-ish words', '*'])
    expect(hangingEdge(prose!)).toBeNull()
    expect(hangingEdge(hyphenated!)).toBeNull()
    expect(hangingEdge(alone!)).toBeNull()
  })

  it('takes a letter o before a capital for a bullet, not an article before a word', () => {
    const [bullet, alone, article] = courierLines(['o Archive: since the flood', 'o', 'o livro'])
    expect(opensItem(bullet!)).toBe(true)
    expect(hangingEdge(bullet!)).toBeCloseTo(72 + 2 * 6, 0)
    expect(opensItem(alone!)).toBe(true)
    expect(hangingEdge(alone!)).toBeNull()
    expect(opensItem(article!)).toBe(false)
    expect(hangingEdge(article!)).toBeNull()
  })
})
