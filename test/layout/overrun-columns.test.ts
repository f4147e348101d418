import { describe, expect, it } from 'vitest'
import { analysisOfDrawn, column, textWidth, type Run } from '../helpers/drawn-pdf.js'
import { flat, PROSE } from '../helpers/prose.js'
import { variedBooklet } from '../helpers/varied-layouts.js'
import { expectInOrder } from './order-helpers.js'

const SIZE = 10
const LEADING = 12
const GUTTER = 14

/**
 * Three columns of two paragraphs each, a blank line between them; each second paragraph opens
 * with a bold heading line set wider than the column, ending `overrun` points past its edge: into
 * the gutter, or through it over the next column's first letters.
 */
function overrunPage(overrun: number): { runs: Run[]; paragraphs: string[] } {
  const headings = [
    'Winter at the northern harbour.',
    'Records kept in the old orchard.',
    'Disputes over the valley railway.'
  ]
  const width = Math.min(...headings.map((h) => textWidth(h, SIZE, true))) - overrun
  const texts = [
    [PROSE.library, PROSE.harbour],
    [PROSE.weather, PROSE.orchard],
    [PROSE.bakery, PROSE.railway]
  ]
  const runs: Run[] = []
  const paragraphs: string[] = []
  texts.forEach(([first, second], c) => {
    const x = 40 + c * (width + GUTTER)
    const opening = column(first!, x, 740, width, SIZE, LEADING)
    const top = opening[opening.length - 1]!.y - 2 * LEADING
    runs.push(...opening, { x, y: top, text: headings[c]!, size: SIZE, font: 'bold' })
    runs.push(...column(second!, x, top - LEADING, width, SIZE, LEADING))
    paragraphs.push(first!, headings[c]!, second!)
  })
  return { runs, paragraphs }
}

/**
 * The first and last seven words of each paragraph (the whole of a short one), for order
 * assertions: the generated booklets' word pool repeats shorter runs of words across paragraphs.
 */
const ends = (paragraphs: readonly string[]): string[] =>
  paragraphs.flatMap((p) => {
    const words = flat(p).split(' ')
    if (words.length <= 2 * ENDS) return [words.join(' ')]
    return [words.slice(0, ENDS).join(' '), words.slice(-ENDS).join(' ')]
  })

const ENDS = 7

describe('columns whose gutter a line runs into', () => {
  it.each([
    ['ending in the gutter, 3 points short of the next column', GUTTER - 3],
    ['running through the gutter over the next column', GUTTER + 12]
  ])('reads the columns one after the other with a heading line %s', (_, overrun) => {
    // Before, no band of whitespace ran the page's height, and the page was read in slices
    // across the columns: each column's second paragraph came after the third column's first.
    const { runs, paragraphs } = overrunPage(overrun)
    const { analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    expectInOrder(flat(analysis.text), ends(paragraphs))
    expect(analysis.flags.map((f) => f.code)).toContain('multi_column')
  })

  it('still reads a heading set across two columns between the text above and below it', () => {
    const width = 250
    const top = (text: string, x: number): Run[] => column(text, x, 740, width, SIZE, LEADING)
    const heading = 'A heading set across both columns, over the second half of the page'
    const runs: Run[] = [
      ...top(PROSE.library, 40),
      ...top(PROSE.weather, 40 + width + GUTTER),
      { x: 40, y: 600, text: heading, size: 14, font: 'bold' },
      ...column(PROSE.harbour, 40, 570, width, SIZE, LEADING),
      ...column(PROSE.orchard, 40 + width + GUTTER, 570, width, SIZE, LEADING)
    ]
    const { analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    expectInOrder(
      flat(analysis.text),
      ends([PROSE.library, PROSE.weather, heading, PROSE.harbour, PROSE.orchard])
    )
  })

  // Booklets of the seeded generator whose run-in headings, wider than a narrow column, run
  // into the gutter: each was read row by row across the columns and rated ok. (The generator
  // no longer prints a heading over the next column's text, as booklet 4015 did; the drawn
  // page above keeps that case.)
  const CASES: Record<string, number> = {
    'four columns, spaced paragraphs, headings ending in each gutter': 1013,
    'three columns, a boxed paragraph whose heading ends a point from the next column': 3003
  }
  it.each(Object.entries(CASES))('reads every paragraph in order: %s', (_, seed) => {
    const page = variedBooklet(seed)
    const { analysis } = analysisOfDrawn([page.page], page.family).pages[0]!
    expectInOrder(flat(analysis.text), ends(page.paragraphs))
  })
})
