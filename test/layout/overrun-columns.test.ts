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

const LABEL = 'CAUTION'

/**
 * Three columns of two paragraphs each; the second paragraph of column `at` opens with a bold
 * run-in heading whose line, set too long, runs through the gutter onto the first words of the
 * next column's line on its row. With `box`, that paragraph is indented for a side box whose
 * "!" stands level with the heading, its label under the "!", as a booklet sets a caution.
 */
function overfullHeadingPage(at: 0 | 1, box: boolean): { runs: Run[]; paragraphs: string[] } {
  const width = 150
  const heading = 'Disputes over the valley railway.'
  const indent = box ? textWidth(LABEL, 7, true) + 6 : 0
  const texts = [
    [PROSE.library, PROSE.harbour],
    [PROSE.weather, PROSE.orchard],
    [PROSE.bakery, PROSE.railway]
  ]
  // Two sentences, so that the next column's first paragraph runs on past the heading's row.
  texts[at]![0] = texts[at]![0]!.split('. ').slice(0, 2).join('. ') + '.'
  const x = (c: number): number => 40 + c * (width + GUTTER)
  const runs: Run[][] = texts.map(([first], c) => column(first!, x(c), 740, width, SIZE, LEADING))
  const paragraphs: string[] = []
  let row: Run[] = []
  texts.forEach(([first, second], c) => {
    const top = runs[c]![runs[c]!.length - 1]!.y - 2 * LEADING
    if (c !== at) {
      runs[c]!.push(...column(second!, x(c), top, width, SIZE, LEADING))
      paragraphs.push(first!, second!)
      return
    }
    // The heading and the paragraph's first words reach 8 points over the next column's text.
    const lead = textWidth(`${heading} `, SIZE, true)
    const words = second!.split(' ')
    let n = 1
    while (indent + lead + textWidth(words.slice(0, n + 1).join(' '), SIZE) <= width + GUTTER + 8) {
      n++
    }
    row = [
      { x: x(c) + indent, y: top, text: heading, size: SIZE, font: 'bold' },
      { x: x(c) + indent + lead, y: top, text: words.slice(0, n).join(' '), size: SIZE }
    ]
    const icon: Run[] = box
      ? [
          { x: x(c), y: top, text: '!', size: 12, font: 'bold' },
          { x: x(c), y: top - LEADING, text: LABEL, size: 7, font: 'bold' }
        ]
      : []
    const rest = words.slice(n).join(' ')
    const lines = column(rest, x(c) + indent, top - LEADING, width - indent, SIZE, LEADING)
    runs[c]!.push(...row, ...icon, ...lines)
    paragraphs.push(first!, `${heading} ${second!}`)
  })
  return { runs: runs.flat(), paragraphs }
}

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

  it.each([
    ['column 1', 0, false],
    ['column 1, a side box level with it', 0, true],
    ['column 2', 1, false],
    ['column 2, a side box level with it', 1, true]
  ] as const)(
    'reads an overfull heading in %s in its own column, the next column whole',
    (_, at, box) => {
      // Before, MuPDF gave the box's "!" to the heading's block, and the columns the heading ran
      // into were read row by row, their paragraphs interleaved.
      const { runs, paragraphs } = overfullHeadingPage(at, box)
      const { analysis } = analysisOfDrawn([{ runs }]).pages[0]!
      const text = flat(analysis.text)
      for (const p of paragraphs) expect(text).toContain(flat(p))
      expectInOrder(text, ends(paragraphs))
      if (box) expect(text).toContain(LABEL)
    }
  )

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
  // into the gutter: the first two were read row by row across the columns and rated ok. The
  // generator still prints a heading's line, with its text's first words, over the next
  // column's first letters: the other four were flagged, two columns read interleaved, or the
  // next column's first line, starting just where the heading's line ends, read as the rest of
  // its last word ("…quarry. Theon the following day.").
  const CASES: Record<string, number> = {
    'four columns, spaced paragraphs, headings ending in each gutter': 1013,
    'three columns, a boxed paragraph whose heading ends a point from the next column': 3003,
    'four columns, a heading over the next column\'s first word, a box\'s "!" in its block': 29012,
    'four columns, a heading reaching a third of the way into the next column': 26019,
    'four columns, a column one block whose three headings run into the gutter': 8006,
    "four columns, a heading's line meeting the next column's first line end to start": 24001,
    'four narrow Courier columns, a justified row a line per word, a box under the heading': 193011
  }
  it.each(Object.entries(CASES))('reads every paragraph in order: %s', (_, seed) => {
    const page = variedBooklet(seed)
    const { analysis } = analysisOfDrawn([page.page], page.family).pages[0]!
    expectInOrder(flat(analysis.text), ends(page.paragraphs))
  })
})
