import { describe, expect, it } from 'vitest'
import { analysisOfDrawn, column, wrap, type Run } from '../helpers/drawn-pdf.js'
import { flat, PROSE } from '../helpers/prose.js'
import { variedTriFold } from '../helpers/varied-layouts.js'
import { expectInOrder } from './order-helpers.js'

const LEADING = 11

/** A heading, then paragraphs, from `top` down in a column `width` wide. */
function panel(
  x: number,
  top: number,
  width: number,
  heading: string,
  texts: readonly string[]
): Run[] {
  const runs: Run[] = [{ x, y: top, text: heading, size: 13, font: 'bold' }]
  let y = top - 20
  for (const text of texts) {
    const lines = column(text, x, y, width, 9, LEADING)
    runs.push(...lines)
    y -= (lines.length + 0.6) * LEADING
  }
  return runs
}

/** A boxed aside: a bold title and a few small lines, inset in its column. */
function sideBox(x: number, top: number, width: number, title: string, text: string): Run[] {
  return [
    { x, y: top, text: title, size: 10, font: 'bold' },
    ...wrap(text, width, 8).map((line, i) => ({ x, y: top - 14 - i * 10, text: line, size: 8 }))
  ]
}

describe('leaflets', () => {
  it('reads a tri-fold of three narrow panels, one with a side box, panel by panel', () => {
    const width = 220
    const runs = [
      ...panel(30, 570, width, 'The Harbour', [PROSE.harbour, PROSE.weather]),
      ...panel(286, 570, width, 'The Orchard', [PROSE.orchard]),
      ...sideBox(
        296,
        380,
        width - 20,
        'Opening hours',
        'The orchard shop opens daily from nine until five, and until seven on summer Fridays.'
      ),
      ...panel(542, 570, width, 'The Railway', [PROSE.railway, PROSE.library])
    ]
    const [page] = analysisOfDrawn([{ width: 792, height: 612, runs }]).pages
    expectInOrder(
      page!.analysis.text,
      [
        'The Harbour',
        PROSE.harbour,
        PROSE.weather,
        'The Orchard',
        PROSE.orchard,
        'Opening hours',
        'The Railway',
        PROSE.railway,
        PROSE.library
      ].map(flat)
    )
  })
})

const BOX = 'The orchard shop opens daily from nine until five, and until seven on summer Fridays.'

/** Four narrow columns under a masthead, and a box across the foot of the first two. */
function fourColumns(gutter: number, masthead: string, texts: readonly (readonly string[])[]) {
  const width = (595 - 60 - 3 * gutter) / 4
  const xs = [0, 1, 2, 3].map((i) => 30 + i * (width + gutter))
  const cols = xs.map((x, i) => panel(x, 760, width, HEADS[i]!, texts[i]!))
  const bottom = Math.min(...[...cols[0]!, ...cols[1]!].map((r) => r.y))
  return [
    { x: 30, y: 800, text: masthead, size: 22, font: 'bold' as const },
    ...cols[0]!,
    ...cols[1]!,
    ...sideBox(xs[0]! + 6, bottom - 40, 2 * width + gutter - 12, 'Opening hours', BOX),
    ...cols[2]!,
    ...cols[3]!
  ]
}

const HEADS = ['Harbour', 'Weather', 'Orchard', 'Railway']

describe('leaflets of four narrow columns', () => {
  const texts = [
    [PROSE.harbour, PROSE.bakery],
    [PROSE.weather, PROSE.library],
    [PROSE.orchard],
    [PROSE.railway]
  ]
  // The masthead short, across the whole page, and across some gutters only.
  for (const masthead of [
    'Valley Town',
    'The Valley Town Visitor Guide for 2026',
    'Valley Town Visitor Guide'
  ]) {
    for (const gutter of [8, 12, 18]) {
      it(`reads columns ${gutter} pt apart whole, the box's title with its text, under "${masthead}"`, () => {
        const [page] = analysisOfDrawn([
          { width: 595, height: 842, runs: fourColumns(gutter, masthead, texts) }
        ]).pages
        const text = page!.analysis.text
        HEADS.forEach((head, i) => expectInOrder(text, [head, ...texts[i]!.map(flat)]))
        expectInOrder(text, [masthead, 'Harbour', 'Weather', 'Orchard', 'Railway'])
        // Read as a box, wherever it goes: "Opening hours" used to end the first column.
        expect(text).toContain(`Opening hours\n\n${BOX}`)
        expect(page!.analysis.flags.map((f) => f.code)).toContain('multi_column')
      })
    }
  }

  it('reads columns that end level under their headings as columns, not a table', () => {
    const one = [[PROSE.harbour], [PROSE.weather], [PROSE.orchard], [PROSE.railway]]
    const runs = fourColumns(8, 'Valley Town', one).filter(
      (r) => !BOX.includes(r.text) && r.text !== 'Opening hours'
    )
    const [page] = analysisOfDrawn([{ width: 595, height: 842, runs }]).pages
    HEADS.forEach((head, i) => expectInOrder(page!.analysis.text, [head, flat(one[i]![0]!)]))
    expectInOrder(page!.analysis.text, HEADS)
    expect(page!.analysis.flags.map((f) => f.code)).not.toContain('table')
  })
})

describe('leaflets of panels over lists and addresses', () => {
  it('reads panels whose paragraphs and addresses start level panel by panel, not as a table', () => {
    // Each panel a heading, a paragraph of three lines, then more prose, a list or an address:
    // their tops and bottoms line up across the panels as a table's cells do.
    const leaflet = variedTriFold(1003)
    const { analysis } = analysisOfDrawn([leaflet.page], leaflet.family).pages[0]!
    expectInOrder(flat(analysis.text), leaflet.paragraphs.map(flat))
    expect(analysis.flags.map((f) => f.code)).not.toContain('table')
  })
})

describe('leaflets whose panels open with short paragraphs', () => {
  it('reads level panels whose paragraphs under the headings run to two lines panel by panel', () => {
    // Two of the three panels open with a paragraph of two lines, then a list: the panels' tops
    // and bottoms line up and were read as a table, row by row across them.
    const made = variedTriFold(12009)
    const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
    expectInOrder(flat(analysis.text), made.paragraphs.map(flat))
    expect(analysis.flags.map((f) => f.code)).not.toContain('table')
  })
})

describe('leaflets whose panels hold a title over a paragraph, and little else', () => {
  // Each panel a title of one line over a paragraph: with the titles counted as blocks of their
  // own, less than three fifths of the blocks were prose, and the level panels were read as a
  // table, the three titles first. One leaflet has a second paragraph in its last panel only,
  // another a list and an address under its paragraphs.
  for (const seed of [210017, 217005, 232007]) {
    it(`reads leaflet ${seed} panel by panel, each title with its paragraph`, () => {
      const made = variedTriFold(seed)
      const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
      expectInOrder(flat(analysis.text), made.paragraphs.map(flat))
      expect(analysis.flags.map((f) => f.code)).not.toContain('table')
    })
  }
})

describe('leaflets whose titles MuPDF set in one block with their paragraphs', () => {
  // Each panel one block of a title and its paragraph over a list or an address, the panels as
  // wide as each other: less than three fifths of the blocks were prose, and the lists and
  // addresses lined up as a table's second row (45016 in Times, 162014 in Courier, whose narrow
  // lines hold fewer letters than a panel's were asked to).
  for (const seed of [45016, 152014, 162014]) {
    it(`reads leaflet ${seed} panel by panel`, () => {
      const made = variedTriFold(seed)
      const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
      expectInOrder(flat(analysis.text), made.paragraphs.map(flat))
      expect(analysis.flags.map((f) => f.code)).not.toContain('table')
    })
  }
})
