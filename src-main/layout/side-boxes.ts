import { isLabel } from '../shared/box-label.js'
import {
  blockMiddleSize,
  drawnLine,
  drawnText,
  isBoldLine,
  middleSize,
  type BBox,
  type Block,
  type PageLayout
} from '../shared/layout.js'
import { NOTE_LINES, NOTE_WORDS } from '../shared/note-box.js'
import type { Box } from './order-box.js'

/** A side box holds a few short lines: a label ("CAUTION", "TIP") and a word or two more. */
const BOX_LINES = 4
const BOX_CHARS = 60

/** Sizes differing by this factor and more set a box apart from the body text beside it. */
const OTHER_SIZE = 1.2

/**
 * A box stands this many ems from its paragraph at most: in its margin or the gutter. Left of
 * the column it goes with, in a gutter, up to the larger: a box in a wide gutter may stand
 * nearer the column left of it than its own.
 */
const BOX_GAP = 2
const GUTTER_GAP = 3

/** A note without a label (shared/note-box.ts) stands beside a paragraph of this many lines and more. */
const HOST_LINES = 3

/**
 * Such a note stands in a margin, so further out than a label in the gutter: in a margin, where
 * no paragraph of the body's text stands above or below it. Small type in a column of the text
 * (a footnote at a column's foot, a caption under a figure, level with the next column's
 * paragraph) is the page's text, not a box.
 */
const NOTE_GAP = 6

/**
 * Side boxes beside a paragraph, each with that paragraph. A labelled box is a few short lines,
 * one of them a label ("CAUTION", see side-boxes in extract/), set at another size than the
 * body, wholly left or right of a paragraph of two lines and more whose height covers the box's
 * middle, within two ems of it (where a box stands in a gutter between two columns, the one
 * right of it). A box without a label is a note of a few lines of words set smaller than the
 * body, standing in a margin within six ems beside a paragraph of three lines and more, level
 * with the note's first line, or inside one: a framed box set in a column mid-paragraph, whose
 * halves extract/ joined around it (inset-boxes.ts). Cut with the rest, a box in a gutter bridges it and the
 * columns are read as one; read in place, it cuts the paragraph beside it. `boxes` are the page's
 * boxes in one reading frame (see page-order.ts), by block id; `notes` the page's footnotes, which
 * are never boxes.
 */
export function sideBoxHosts(
  layout: PageLayout,
  boxes: readonly Box[],
  body: number,
  notes: ReadonlySet<number>,
  linesOf: (id: number) => readonly BBox[]
): Map<number, number> {
  const hosts = new Map<number, number>()
  // The paragraphs a note may go with, found once and only on a page with a note: a note weighs
  // these alone, where a page of a reference list set small could hold hundreds of notes.
  let paragraphs: Box[] | null = null
  for (const box of boxes) {
    const block = layout.blocks[box.id]
    if (!block || notes.has(box.id)) continue
    const kind = boxKind(block, box, body)
    if (kind === null || (kind === 'label' && headsColumn(block, box, boxes, body))) continue
    if (kind === 'note') paragraphs ??= boxes.filter((b) => isNoteHost(layout, b, body))
    const others = kind === 'note' ? paragraphs! : boxes
    const inMargin = kind === 'note' && !others.some((o) => across(o.box, box.box))
    // A note may run on below a short paragraph: it goes with the one its first line is level with.
    const middle = kind === 'note' ? box.box[1] + 1 : (box.box[1] + box.box[3]) / 2
    const level = (other: Box): boolean =>
      other !== box && other.lines >= 2 && middle >= other.box[1] && middle <= other.box[3]
    // A label with a paragraph right beside it on its left stands in a gutter.
    const inGutter =
      kind === 'label' &&
      others.some((o) => level(o) && Math.abs(box.box[0] - o.box[2]) <= BOX_GAP * body)
    const leftOf = (kind === 'note' ? NOTE_GAP : inGutter ? GUTTER_GAP : BOX_GAP) * body
    let best: { host: Box; gap: number } | null = null
    for (const other of others) {
      if (!level(other) || hosts.has(other.id)) continue
      // A box in a gutter goes with the column right of it, in whose margin it is set: any
      // paragraph it stands left of ranks before those it stands right of.
      const left = other.box[0] - box.box[2]
      const right = box.box[0] - other.box[2]
      const reach = (kind === 'note' ? NOTE_GAP : BOX_GAP) * body
      let gap: number
      const indent = kind === 'label' ? indentedFor(box.box, linesOf(other.id), reach) : null
      if (kind === 'note' && inside(box.box, other.box)) gap = 0
      else if (kind === 'note' && !inMargin) continue
      else if (indent !== null) gap = indent
      else if (left >= -1 && left <= leftOf) gap = left
      else if (right >= -1 && right <= reach) gap = leftOf + right
      else continue
      if (!best || gap < best.gap) best = { host: other, gap }
    }
    if (best) hosts.set(box.id, headedParagraph(layout, boxes, best.host, body) ?? best.host.id)
  }
  return hosts
}

/**
 * The paragraph a heading set in bold on lines of its own heads, right under it: a box level
 * with the heading stands beside the section it opens, and is read after that paragraph, not
 * between the heading and its text.
 */
function headedParagraph(
  layout: PageLayout,
  boxes: readonly Box[],
  over: Box,
  body: number
): number | null {
  const heading = layout.blocks[over.id]
  const bold = heading?.lines.every((l) => l.spans.every((s) => s.bold || s.text.trim() === ''))
  if (!bold) return null
  const under = boxes.find(
    (b) =>
      b !== over &&
      b.lines >= 2 &&
      b.box[1] > (over.box[1] + over.box[3]) / 2 &&
      b.box[1] - over.box[3] <= body &&
      b.box[0] <= over.box[0] + 1 &&
      b.box[2] > over.box[2] - 1
  )
  return under?.id ?? null
}

/**
 * How far right of `box` the paragraph whose `lines` are given starts, where the box stands in
 * an indent of it: the lines level with the box all start right of it within `reach`, and lines
 * above or below it reach back under it (a booklet's "!" and "CAUTION" set at the edge, the
 * paragraph's first lines indented beside them and the rest back at the edge). Null otherwise.
 */
function indentedFor(box: BBox, lines: readonly BBox[], reach: number): number | null {
  const level = lines.filter((l) => l[1] < box[3] && l[3] > box[1])
  if (level.length === 0) return null
  if (!lines.some((l) => l[0] < box[2] && l[2] > box[0] && !level.includes(l))) return null
  const gap = Math.min(...level.map((l) => l[0] - box[2]))
  return gap >= -1 && gap <= reach ? Math.max(0, gap) : null
}

/**
 * A heading that wraps, not a box: a line of words (WORDS and more) over a block that starts
 * right under it, within an em of the body or of the heading's own size (the space under a
 * heading grows with it), at its left edge or set in a little (a quotation, centred), and runs
 * as wide or holds two lines or more (a paragraph, a list): "Famous village and the tower" over
 * "forest", whose one bold word reads as a label, then the panel's paragraph. A box's label and
 * the word or two beside it stand beside their paragraph.
 */
function headsColumn(block: Block, box: Box, boxes: readonly Box[], body: number): boolean {
  if (!block.lines.some((l) => (drawnLine(l).match(/\p{L}+/gu)?.length ?? 0) >= WORDS)) return false
  const em = Math.max(body, blockMiddleSize(block) ?? body)
  return boxes.some(
    (b) =>
      b !== box &&
      b.box[1] >= box.box[3] - 1 &&
      b.box[1] - box.box[3] <= em &&
      b.box[0] >= box.box[0] - 1 &&
      b.box[0] <= Math.min(box.box[0] + em * INDENT, box.box[2]) &&
      (b.box[2] > box.box[2] - em || b.lines >= 2)
  )
}

/** Ems a block under a heading may start right of its edge: a quotation set in, centred. */
const INDENT = 3

/** Words on one line of a heading that wraps, at least. */
const WORDS = 3

function boxKind(block: Block, box: Box, body: number): 'label' | 'note' | null {
  const size = blockMiddleSize(block) ?? body
  if (box.lines <= BOX_LINES && box.lineChars * box.lines <= BOX_CHARS) {
    // The label's own size tells where the box's median does not: a "!" at the body's size over
    // a small "CAUTION" is half the box's spans.
    const label = block.lines.find((l) => isLabel(l.spans))
    const labelSize = label ? (middleSize(label.spans) ?? size) : size
    if (label && (otherSize(size, body) || otherSize(labelSize, body))) return 'label'
  }
  if (!otherSize(size, body)) return null
  const words = drawnText(block).match(/\p{L}{2,}/gu)?.length ?? 0
  return size < body && box.lines <= NOTE_LINES && words >= NOTE_WORDS ? 'note' : null
}

const otherSize = (a: number, b: number): boolean => Math.max(a, b) >= OTHER_SIZE * Math.min(a, b)

/** A paragraph of the body's text, which a note may stand beside or inside. */
function isNoteHost(layout: PageLayout, host: Box, body: number): boolean {
  const block = layout.blocks[host.id]
  if (!block || host.lines < HOST_LINES || !host.prose) return false
  return !otherSize(blockMiddleSize(block) ?? body, body)
}

/** Two boxes overlap across the page: one stands above the other, or over it. */
const across = (a: Box['box'], b: Box['box']): boolean =>
  Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 0

/** `box` lies within `host`, its lines above and below it: set in the paragraph's column. */
function inside(box: Box['box'], host: Box['box']): boolean {
  return box[0] >= host[0] - 1 && box[2] <= host[2] + 1 && box[1] > host[1] && box[3] < host[3]
}

/** A sentence runs on past a block that ends in a letter, a figure, a comma, semicolon or hyphen. */
const RUNS_ON = /[\p{L}\p{N},;-]$/u
const GOES_ON = /^\p{Ll}/u

/**
 * `order` with each side box read right after its paragraph, or, where the paragraph's last
 * sentence or the paragraph runs on into the next block read (at the top of the next column:
 * "…Congress was" / "considering legislation…"), after the block that ends it: a box never cuts
 * a sentence or a paragraph. Nor does it part a heading from its text: a block whose last line
 * is a heading in bold, on a line of its own at a column's foot, runs on into the next block
 * when that one opens in plain type, or with the heading's last words over its text. `blockOf`
 * gives a block by id.
 */
export function placeSideBoxes(
  order: readonly number[],
  hosts: ReadonlyMap<number, number>,
  blockOf: (id: number) => Block | undefined
): number[] {
  const out = order.filter((id) => !hosts.has(id))
  for (const [box, host] of hosts) {
    let at = out.indexOf(host)
    if (at < 0) at = out.length - 1
    while (
      at + 1 < out.length &&
      !hosts.has(out[at + 1]!) &&
      runsOn(blockOf(out[at]!), blockOf(out[at + 1]!))
    ) {
      at++
    }
    // Two boxes beside one paragraph are read in the order the page gave them.
    while (hosts.get(out[at + 1] ?? -1) === host) at++
    out.splice(at + 1, 0, box)
  }
  return out
}

/**
 * `block`'s text carries on in `next`: a sentence broken off, or a heading over its text. A
 * justified block whose last row runs to its measure ends no paragraph: its sentence breaks off
 * before a capital ("…strong winds on" / "Tuesday night."), or its paragraph goes on at a
 * sentence's end into a block that opens flush and in plain type ("…the new ferry." / "The
 * teachers mapped…"), where a paragraph of its own would open indented or in bold.
 */
function runsOn(block: Block | undefined, next: Block | undefined): boolean {
  if (!block || !next) return false
  const text = drawnText(block).trim()
  const nextText = drawnText(next).trim()
  const first = next.lines[0]
  if (RUNS_ON.test(text) && GOES_ON.test(nextText)) return true
  const plain = first?.spans.find((s) => s.text.trim() !== '')?.bold === false
  if (endsFull(block) && plain && (RUNS_ON.test(text) || opensFlush(next))) return true
  const last = block.lines.at(-1)
  if (!last || !first) return false
  // A heading alone in its block ("SMALL LIGHTHOUSE.", set over its text where it would not run
  // in) goes on in the text under it.
  if (block.lines.every(isBoldLine) && !isBoldLine(first)) return true
  if (block.lines.length < 2) return false
  // The heading may go on in the next block, broken over the columns ("FLOODED GARDEN" /
  // "CHAPEL."), its text after it there.
  const heading = !first.spans.some((s) => s.bold) || (isBoldLine(first) && next.lines.length > 1)
  return isBoldLine(last) && !block.lines.every(isBoldLine) && heading
}

/**
 * `block` is set justified and its last row runs to the measure: half its rows and more end
 * within half an em of where the last one ends (a row set overfull into the gutter aside). Rows,
 * not lines: MuPDF gives a row justified with wide word gaps as several lines.
 */
function endsFull(block: Block): boolean {
  const ends = rowEnds(block)
  const last = ends.at(-1)
  if (last === undefined || ends.length < 3) return false
  const em = blockMiddleSize(block) ?? 0
  return ends.filter((end) => Math.abs(end - last) <= em / 2).length * 2 >= ends.length
}

/** `block`'s first row starts where its others do: no paragraph's indented first line. */
function opensFlush(block: Block): boolean {
  const first = block.lines[0]
  const others = block.lines.filter((line) => line.bbox[1] >= (first?.bbox[3] ?? 0))
  if (!first || others.length === 0) return false
  const em = blockMiddleSize(block) ?? 0
  return first.bbox[0] <= Math.min(...others.map((line) => line.bbox[0])) + em / 2
}

/** Where each row of `block`'s lines ends on the right, a line level with the one before on its row. */
function rowEnds(block: Block): number[] {
  const ends: number[] = []
  let row: BBox | null = null
  for (const { bbox } of block.lines) {
    const middle = (bbox[1] + bbox[3]) / 2
    if (row && middle > row[1] && middle < row[3]) {
      ends[ends.length - 1] = Math.max(ends.at(-1)!, bbox[2])
    } else {
      ends.push(bbox[2])
      row = bbox
    }
  }
  return ends
}
