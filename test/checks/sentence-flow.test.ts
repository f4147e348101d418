import { describe, expect, it } from 'vitest'
import type { CheckInput } from '../../src-main/checks/check.js'
import { orderSuspect } from '../../src-main/checks/order-suspect.js'
import { brokenFlows } from '../../src-main/checks/sentence-flow.js'
import type { Block, BlockRole, PageLayout } from '../../src-main/shared/layout.js'
import { analysisOfDrawn, column, wrap, type DrawnPage } from '../helpers/drawn-pdf.js'
import { PROSE } from '../helpers/prose.js'

const WIDTH = 220
const LEADING = 12
const TOP = 720
const LEFT = 72
const RIGHT = 320

/** Rows of `text` as `column` sets them, starting on row `row` of a column at `x`. */
function rows(text: string, x: number, row: number) {
  return column(text, x, TOP - row * LEADING, WIDTH, 10, LEADING)
}

/**
 * Two columns of spaced paragraphs: the harbour, then orchard and railway as one paragraph that
 * runs over to the top of the second column mid-sentence (its rest opening on a word in lower
 * case), then the library under it.
 */
function twoColumnPage(): DrawnPage & { ended: string; carried: string } {
  const first = rows(PROSE.harbour, LEFT, 0)
  const long = `${PROSE.orchard} ${PROSE.railway}`
  const lines = wrap(long, WIDTH, 10, false, 'Helvetica')
  const at = lines.findIndex((line, i) => i >= 3 && /^\p{Ll}/u.test(line))
  const opening = rows(lines.slice(0, at).join(' '), LEFT, first.length + 1)
  const rest = rows(lines.slice(at).join(' '), RIGHT, 0)
  const last = rows(PROSE.library, RIGHT, rest.length + 1)
  return {
    runs: [...first, ...opening, ...rest, ...last],
    ended: first.at(-1)!.text,
    carried: lines[at]!
  }
}

function input(layout: PageLayout, order: readonly number[]): CheckInput {
  return {
    layout,
    order,
    roles: layout.blocks.map((): BlockRole => 'body'),
    text: '',
    rawText: '',
    doc: { pageCount: 1, medianChars: 0 }
  }
}

const ids = (blocks: readonly Block[]) => blocks.map((b) => b.id)

/** The blocks of `layout` that start at `x`, top down. */
const inColumnOf = (layout: PageLayout, x: number) =>
  layout.blocks.filter((b) => Math.abs(b.bbox[0] - x) < 2).sort((a, b) => a.bbox[1] - b.bbox[1])

describe('sentence flow', () => {
  const page = twoColumnPage()
  const { layout } = analysisOfDrawn([page]).pages[0]!
  const inColumn = (x: number) => layout.blocks.filter((b) => Math.abs(b.bbox[0] - x) < 2)
  const byTop = (blocks: readonly Block[]) => [...blocks].sort((a, b) => a.bbox[1] - b.bbox[1])

  it('finds nothing when the columns are read one after the other', () => {
    const columns = [...byTop(inColumn(LEFT)), ...byTop(inColumn(RIGHT))]
    expect(columns).toHaveLength(layout.blocks.length)
    expect(brokenFlows(input(layout, ids(columns)))).toEqual([])
    expect(orderSuspect(input(layout, ids(columns)))).toEqual([])
  })

  it('flags the columns read a band at a time across the page, and marks the block cut off', () => {
    const bands = byTop(layout.blocks)
    const flows = brokenFlows(input(layout, ids(bands)))
    expect(flows).toHaveLength(1)
    expect(flows[0]).toMatchObject({ before: page.ended, after: page.carried })
    expect(flows[0]!.bbox[0]).toBeCloseTo(RIGHT, 0)
    const [flag] = orderSuspect(input(layout, ids(bands)))
    expect(flag?.message).toContain(
      `a block starts mid-sentence after a sentence's end ("…${page.ended.slice(-30)}" then "${page.carried.slice(0, 40)}`
    )
    expect(flag?.evidence).toMatchObject({ brokenFlows: 1 })
  })

  it('counts only body text after body text in the same weight', () => {
    const bands = ids(byTop(layout.blocks))
    const cut = layout.blocks.find((b) => Math.abs(b.bbox[0] - RIGHT) < 2 && b.bbox[1] < 100)!
    const before = bands[bands.indexOf(cut.id) - 1]!
    // The block before read as a footnote (a reference list's entry set apart): not counted.
    const roles = layout.blocks.map((b): BlockRole => (b.id === before ? 'footnote' : 'body'))
    expect(brokenFlows({ ...input(layout, bands), roles })).toEqual([])
    // The block before set in bold, as a caption may be: not counted.
    const bold = (b: Block): Block => ({
      ...b,
      lines: b.lines.map((l) => ({ ...l, spans: l.spans.map((s) => ({ ...s, bold: true })) }))
    })
    const blocks = layout.blocks.map((b) => (b.id === before ? bold(b) : b))
    expect(brokenFlows(input({ ...layout, blocks }, bands))).toEqual([])
  })

  it('leaves alone a block read after one in its own column (a formula, code, a caption)', () => {
    // The band order's cut-off block moved under the block read before it, into its column.
    const bands = ids(byTop(layout.blocks))
    const cut = layout.blocks.find((b) => Math.abs(b.bbox[0] - RIGHT) < 2 && b.bbox[1] < 100)!
    const under: Block = { ...cut, bbox: [LEFT, cut.bbox[1], LEFT + WIDTH, cut.bbox[3]] }
    const blocks = layout.blocks.map((b) => (b.id === cut.id ? under : b))
    expect(brokenFlows(input({ ...layout, blocks }, bands))).toEqual([])
  })

  it("counts a block that opens on a sentence's last word and its stop, but not on etc.", () => {
    // A four-column booklet read a band at a time: "…for forty years." then "sea. Distant
    // canal. Passengers", the last word of a sentence begun further down another column.
    const opening = (word: string) => {
      const runs = [...rows(PROSE.harbour, LEFT, 0), ...rows(`${word} ${PROSE.library}`, RIGHT, 0)]
      const { layout } = analysisOfDrawn([{ runs }]).pages[0]!
      const order = ids([...inColumnOf(layout, LEFT), ...inColumnOf(layout, RIGHT)])
      return brokenFlows(input(layout, order))
    }
    expect(opening('sea.')).toMatchObject([{ after: expect.stringMatching(/^sea\. The town/) }])
    expect(opening('etc.')).toEqual([])
  })

  it('takes a page whose text opens mid-sentence as going on from the page before', () => {
    const columns = [...byTop(inColumn(RIGHT)), ...byTop(inColumn(LEFT))]
    // The second column read first: its opening goes on from the page before, as far as the
    // page can tell; the left column's harbour after the library is a new paragraph.
    expect(brokenFlows(input(layout, ids(columns)))).toEqual([])
  })
})
