import { drawnLine, drawnText, type BBox, type Block, type PageLayout } from '../shared/layout.js'
import { memoize } from '../shared/memo.js'
import {
  blockChars,
  blockFrame,
  dominantFrame,
  isVerticalWriting,
  pageBox,
  sameFrame,
  toFrame,
  type Frame
} from './frame.js'
import { bodySize } from './body-size.js'
import { moveCuttingFloats } from './floats.js'
import { continuesNote, footnoteIds, isSetSmall } from './footnotes.js'
import { pairFormLabels } from './form-labels.js'
import { groupOperators } from './limits.js'
import { isRtlText } from './rtl.js'
import type { Box } from './order-box.js'
import type { LineBox } from './overrun-columns.js'
import { placeSideBoxes, sideBoxHosts } from './side-boxes.js'
import { runsOver } from './table-prose.js'
import { xyCut } from './xy-cut.js'

/** A page whose letters are mostly Hebrew or Arabic script reads its columns right to left. */
export function isRtlPage(layout: PageLayout): boolean {
  return isRtlText(layout.blocks.map(drawnText).join(' '))
}

/** Share of the page's extent, from each edge, where text running across the page is margin text. */
const MARGIN = 0.08

type Side = 'left' | 'right' | 'top' | 'bottom'

/** Which margin band of the page a block set across the page's text direction lies in. */
function marginSide(block: Block, layout: PageLayout): Side | null {
  if (sameFrame(blockFrame(block), dominantFrame(layout))) return null
  const [x0, y0, x1, y1] = block.bbox
  const w = layout.width * MARGIN
  const h = layout.height * MARGIN
  if (x1 <= w) return 'left'
  if (x0 >= layout.width - w) return 'right'
  if (y1 <= h) return 'top'
  if (y0 >= layout.height - h) return 'bottom'
  return null
}

/**
 * Blocks set across the page's text direction in its margin, wholly outside the box of the page's
 * upright text (the rotated "Downloaded from …" stamp, an arXiv id up the side), are stamps: read
 * after the page's text instead of cutting it, and left out of it as noise.
 */
export function isMarginText(block: Block, layout: PageLayout): boolean {
  const side = marginSide(block, layout)
  return side !== null && isStamp(block, side, layout)
}

/** A block in the `side` margin band lying wholly outside the box of the page's upright text. */
function isStamp(block: Block, side: Side, layout: PageLayout): boolean {
  const [x0, y0, x1, y1] = block.bbox
  const body = uprightBox(layout)
  if (side === 'left') return x1 <= body[0]
  if (side === 'right') return x0 >= body[2]
  if (side === 'top') return y1 <= body[1]
  return y0 >= body[3]
}

/**
 * A block set across the text direction in the margin but level with the body is the page's
 * own: a form's section labels and instructions set up its left edge ("Tax and Credits", "Attach
 * Forms W-2 here.") start where the form's rows start. Like a heading, it is read before the first
 * block it stands beside; with nothing beside it, after the page's text.
 */
function placeMarginLabels(
  order: readonly number[],
  labels: ReadonlyArray<{ label: Block; side: Side }>,
  layout: PageLayout
): number[] {
  const out = [...order]
  const trailing: number[] = []
  for (const { label, side } of labels) {
    const across = side === 'left' || side === 'right'
    const [lo, hi] = across ? [label.bbox[1], label.bbox[3]] : [label.bbox[0], label.bbox[2]]
    const at = out.findIndex((id) => {
      const box = layout.blocks[id]?.bbox
      if (!box) return false
      const middle = across ? (box[1] + box[3]) / 2 : (box[0] + box[2]) / 2
      return middle >= lo && middle <= hi
    })
    if (at < 0) trailing.push(label.id)
    else out.splice(at, 0, label.id)
  }
  return [...out, ...trailing]
}

/** The box around the text set in the page's own direction; asked once for each rotated block. */
const uprightBox = memoize((layout: PageLayout): BBox => {
  const page = dominantFrame(layout)
  const upright = layout.blocks.filter(
    (b) => sameFrame(blockFrame(b), page) && drawnText(b).trim() !== ''
  )
  return upright.length === 0
    ? [layout.width, layout.height, 0, 0]
    : [
        Math.min(...upright.map((b) => b.bbox[0])),
        Math.min(...upright.map((b) => b.bbox[1])),
        Math.max(...upright.map((b) => b.bbox[2])),
        Math.max(...upright.map((b) => b.bbox[3]))
      ]
})

/** A box turned into the page's reading frame, measured from the page's own box in it. */
function inPage(bbox: BBox, frame: Frame, page: BBox): BBox {
  const box = toFrame(frame, bbox)
  return [box[0] - page[0], box[1] - page[1], box[2] - page[0], box[3] - page[1]]
}

function boxOf(block: Block, layout: PageLayout, frame: ReturnType<typeof dominantFrame>): Box {
  const chars = blockChars(block)
  const page = pageBox(frame, layout)
  return {
    id: block.id,
    box: inPage(block.bbox, frame, page),
    start: wrappedStart(block, frame, page),
    lines: block.lines.length,
    lineChars: chars / Math.max(1, block.lines.length),
    lead: (block.lines[0] ? drawnLine(block.lines[0]) : '').trimStart().slice(0, 8),
    prose: runsOver(block)
  }
}

/**
 * Where a paragraph whose top line starts further right than its other lines begins (frame
 * coordinates from the page's edge): at MuPDF's first line, when that is the topmost, the rest
 * of its row follows it and every line below starts left of it. Blocks of one line, lines out of
 * order (table cells, form fields) and vertical lines keep their box's edge.
 */
function wrappedStart(block: Block, frame: Frame, page: BBox): number | undefined {
  const [first, ...rest] = block.lines.map((l) => toFrame(frame, l.bbox))
  if (!first || rest.length === 0 || block.lines.some((l) => l.wmode !== 0)) return undefined
  const row = rest.filter((r) => r[1] < first[3])
  const below = rest.filter((r) => r[1] >= first[3])
  const inward =
    below.length > 0 && below.every((r) => r[0] < first[0] - 1) && row.every((r) => r[0] > first[0])
  return inward && rest.every((r) => r[1] >= first[1]) ? first[0] - page[0] : undefined
}

/**
 * The reading order of a page's blocks from geometry alone: the page is turned into its reading
 * frame, cut recursively along whitespace (columns, then slices), and margin text follows.
 */
export function geometricOrder(layout: PageLayout): number[] {
  return analyzeOrder(layout).order
}

export type PageRegions = Readonly<{
  order: number[]
  /** Most columns of running text found side by side in one region (1 for a plain page). */
  columns: number
  /** Block ids of each region read as a grid: a table, or the labels and values of a form. */
  grids: number[][]
  /** Side boxes standing beside a paragraph (side-boxes.ts), read outside the flow: asides. */
  asides: number[]
}>

/**
 * A column needs 3 blocks or 400 characters to count as one: two captions or a logo beside a
 * title also stand apart, but are not columns a reader must follow.
 */
function isTextColumn(column: readonly Box[]): boolean {
  const chars = column.reduce((n, b) => n + b.lineChars * b.lines, 0)
  return column.length >= 3 || chars >= 400
}

function largestSize(layout: PageLayout, id: number): number {
  const spans = layout.blocks[id]?.lines.flatMap((l) => l.spans) ?? []
  return Math.max(0, ...spans.filter((s) => s.text.trim() !== '').map((s) => s.size))
}

function plainText(layout: PageLayout, id: number): string {
  const block = layout.blocks[id]
  return block ? drawnText(block).trim() : ''
}

/**
 * Footnotes at the foot of a column are read where they stand, except where they cut a sentence
 * that runs on into the next column ("…disagree alert, and" / notes / "altitude disagree…", "…of
 * any MCAS" / notes / "command to move…", "…client-side web programming" / ACM's permission
 * block / "and is used for…"): such a run of notes moves to the next notes that stand where they
 * are, or after the page's body. Where the text around them is complete, as
 * most references of the corpus read them, they stay.
 */
function moveCuttingNotes(
  given: readonly number[],
  notes: ReadonlySet<number>,
  layout: PageLayout
): number[] {
  let order = given
  const out: number[] = []
  const moved: number[] = []
  let i = 0
  while (i < order.length) {
    const last = out[out.length - 1]
    // A note without a mark is a block set small in the note zone, under the size of the text
    // it stands after: ACM's permission block, an unnumbered corresponding-author note.
    const note = (id: number): boolean =>
      notes.has(id) || (last !== undefined && isSetSmall(layout, id, last))
    if (!note(order[i]!)) {
      out.push(order[i++]!)
      continue
    }
    let j = i
    while (j < order.length && note(order[j]!)) j++
    const before = last === undefined ? '' : plainText(layout, last)
    const after = j < order.length ? plainText(layout, order[j]!) : ''
    const cuts = /[\p{L}\p{N},;-]$/u.test(before) && /^\p{Ll}/u.test(after)
    if (cuts) {
      moved.push(...order.slice(i, j))
      // The last note runs on at the foot of a later column: its rest goes with it, ahead of
      // the notes that follow the rest there.
      const rest = /[.!?)]$/u.test(plainText(layout, order[j - 1]!))
        ? -1
        : order.findIndex(
            (id, k) => k > j && continuesNote(layout, id) && notes.has(order[k + 1] ?? -1)
          )
      if (rest >= 0) {
        moved.push(order[rest]!)
        order = [...order.slice(0, rest), ...order.slice(rest + 1)]
      }
    } else {
      // The notes moved so far are read before the next notes that stand where they are, at the
      // foot of the column their sentence ran into: the notes keep their own order.
      const run = order.slice(i, j)
      out.push(...(run.some((id) => notes.has(id)) ? moved.splice(0) : []), ...run)
    }
    i = j
  }
  return [...out, ...moved]
}

/**
 * The geometric order with what the cut found on the way: columns and grids. Computed once per
 * layout: the order, the multi_column and the table check all read it.
 */
export const analyzeOrder = memoize(cutPage)

function cutPage(layout: PageLayout): PageRegions {
  const frame = dominantFrame(layout)
  const rtl = isRtlPage(layout)
  // A gutter is at least half an em of the body text: narrower gaps between blocks are the
  // spacing of one column's ragged lines, wider ones separate columns and cells.
  const minGutter = Math.max(2, bodySize(layout) * 0.5)
  const main: Box[] = []
  const margin: Box[] = []
  const labels: Array<{ label: Block; side: Side }> = []
  for (const block of layout.blocks) {
    const box = boxOf(block, layout, frame)
    const side = marginSide(block, layout)
    if (side === null) main.push(box)
    else if (isStamp(block, side, layout)) margin.push(box)
    else labels.push({ label: block, side })
  }
  let columns = 1
  const grids: number[][] = []
  const page = pageBox(frame, layout)
  const linesOf = (id: number): BBox[] =>
    (layout.blocks[id]?.lines ?? []).map((l) => inPage(l.bbox, frame, page))
  const hosts = sideBoxHosts(layout, main, bodySize(layout), footnoteIds(layout), linesOf)
  const { boxes, members } = groupOperators(
    main.filter((b) => !hosts.has(b.id)),
    (id) => plainText(layout, id),
    (id) => largestSize(layout, id),
    bodySize(layout)
  )
  const ids = (b: Box): readonly number[] => members.get(b.id) ?? [b.id]
  const onSplit = (kind: 'columns' | 'grid', groups: readonly Box[][]): void => {
    if (kind === 'grid') grids.push(groups.flat().flatMap(ids))
    else columns = Math.max(columns, groups.filter(isTextColumn).length)
  }
  const tiers = frame.dx === 0 && isVerticalWriting(layout)
  const boxLines = (b: Box): LineBox[] =>
    ids(b).flatMap((id) =>
      (layout.blocks[id]?.lines ?? []).map((l) => ({
        box: inPage(l.bbox, frame, page),
        text: drawnLine(l)
      }))
    )
  const ordered = xyCut(boxes, { minGutter, rtl, tiers, onSplit, linesOf: boxLines })
  const side = margin.sort((a, b) => a.box[1] - b.box[1] || a.id - b.id)
  // Notes and floats that cut a sentence are read after it.
  const unbroken = moveCuttingFloats(
    moveCuttingNotes(
      placeSideBoxes(ordered.flatMap(ids), hosts, (id) => layout.blocks[id]),
      footnoteIds(layout),
      layout
    ),
    (id) => plainText(layout, id)
  )
  const paired = frame.dx === 1 && !rtl ? pairFormLabels(unbroken, layout.blocks) : unbroken
  const order = placeMarginLabels(paired, labels, layout)
  return { order: [...order, ...side.map((b) => b.id)], columns, grids, asides: [...hosts.keys()] }
}
