import { describe, expect, it } from 'vitest'
import { drawnLine } from '../../src-main/shared/layout.js'
import { analysisOfDrawn, column, textWidth, type Run } from '../helpers/drawn-pdf.js'
import { gutterPage, type GutterOptions } from '../helpers/gutter-pdf.js'
import { flat, PROSE } from '../helpers/prose.js'
import { expectInOrder } from '../layout/order-helpers.js'

function read(columns: number, gutter: number, options?: GutterOptions) {
  const { page, paragraphs } = gutterPage(columns, gutter, options)
  const { layout, analysis } = analysisOfDrawn([page]).pages[0]!
  return { layout, analysis, paragraphs, text: flat(analysis.text) }
}

describe('columns set a few points apart, which MuPDF reads as one line across them', () => {
  for (const [columns, gutter] of [
    [2, 4],
    [2, 6],
    [3, 4],
    [3, 6]
  ] as const) {
    for (const size of [8.5, 10]) {
      it(`reads ${columns} columns ${gutter} pt apart at ${size} pt column by column`, () => {
        const { layout, analysis, paragraphs, text } = read(columns, gutter, { size })
        // Every paragraph whole, in the order a reader reads them: down the first column, then
        // down the next.
        expectInOrder(text, paragraphs.map(flat))
        // No line of the page runs on from one column into the next.
        const width = (540 - (columns - 1) * gutter) / columns
        for (const block of layout.blocks) {
          for (const line of block.lines) {
            expect(line.bbox[2] - line.bbox[0]).toBeLessThan(width + 1)
          }
        }
        // Read right, the page leaves the order nothing to doubt.
        expect(analysis.flags.map((f) => f.code)).not.toContain('order_suspect')
        expect(analysis.decision).toBe('ok')
      })
    }
  }

  it('reads columns drawn one after the other as before', () => {
    const { paragraphs, text } = read(2, 4, { byColumns: true })
    expectInOrder(text, paragraphs.map(flat))
  })
})

describe('what is not columns stays whole', () => {
  it('leaves a justified single column whole, its lines as drawn', () => {
    const text = Object.values(PROSE).join(' ')
    const runs = column(text, 72, 720, 468, 10, 12)
    const { layout, analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    const lines = layout.blocks.flatMap((b) => b.lines.map((l) => flat(drawnLine(l))))
    expect(lines).toEqual(runs.map((r) => flat(r.text)))
    expect(flat(analysis.text)).toBe(flat(text))
  })

  it('leaves whole the lines of a column that open with one phrase, whose words line up', () => {
    // Ragged lines opening alike, in lower case as a sentence's wrapped lines are: on every row
    // a word starts at one x after a word ending at one x, with prose on both sides, as at a
    // gutter; but the gap there is one word space like the others on the line.
    const opening = 'and the committee resolved that'
    const endings = [
      'the library should stay open late on Thursdays for workers.',
      'the harbour market would move into the old hall next spring.',
      'the railway timetable must be printed in larger type this year.',
      'the orchard survey would count blossom on every third tree only.',
      'the bakery licence is renewed without a further inspection.',
      'the new catalogue may be searched from home by every reader.'
    ]
    const runs: Run[] = endings.map((ending, i) => ({
      x: 72,
      y: 720 - i * 12,
      text: `${opening} ${ending}`
    }))
    const { layout, analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    const lines = layout.blocks.flatMap((b) => b.lines.map((l) => flat(drawnLine(l))))
    expect(lines).toEqual(runs.map((r) => r.text))
    expectInOrder(analysis.text, [`${opening} ${endings[0]}`, `${opening} ${endings[5]}`])
  })

  it('leaves whole the lines of a code listing, whose characters stand on a grid', () => {
    // Statements of one length, each with a note four spaces on: in Courier the notes start at
    // one x after statements ending at one x, on a gap wider than a space, with words in lower
    // case on both sides, as at a gutter between columns of running text.
    const code = [
      ['harbour', 'harbor', 'the boats come in late on Friday'],
      ['railway', 'bridge', 'the bridge was finished in spring'],
      ['orchard', 'blooms', 'blossom records for every season'],
      ['library', 'novels', 'audio books lent from the desk'],
      ['weather', 'storms', 'storm warnings sent out at dawn'],
      ['chapter', 'verses', 'the pages are read aloud at night']
    ].map(([name, value, comment]) => `let ${name!} = load(${value!})    ${comment!}`)
    const runs: Run[] = code.map((text, i) => ({ x: 72, y: 720 - i * 12, text, font: 'mono' }))
    const { layout } = analysisOfDrawn([{ runs }]).pages[0]!
    const lines = layout.blocks.flatMap((b) => b.lines.map((l) => flat(drawnLine(l))))
    expect(lines).toEqual(code.map(flat))
  })

  it('keeps a table of names and notes, set 5 pt apart, a row at a time', () => {
    // Right-aligned names and left-aligned notes: their starts and ends line up on every row
    // as a gutter's do, but the names are no running text.
    const rows = [
      ['Harbour Master Office', 'Opens before the first boats come in each day'],
      ['Railway Station Hall', 'Timetables are posted beside the ticket window'],
      ['Orchard Growers Guild', 'Blossom records are kept for every season here'],
      ['Town Library Reading', 'Audio books are lent from the front desk only'],
      ['Corner Bakery Counter', 'Rye bread sells out before nine most mornings'],
      ['Weather Watch Station', 'Storm warnings are sent to the ferries at dawn']
    ]
    const edge = 250
    const runs: Run[] = rows.flatMap(([name, note], i) => [
      { x: edge - 5 - textWidth(name!, 10), y: 720 - i * 12, text: name! },
      { x: edge, y: 720 - i * 12, text: note! }
    ])
    const { analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    expectInOrder(
      flat(analysis.text),
      rows.flatMap(([name, note]) => [name!, note!])
    )
  })
})
