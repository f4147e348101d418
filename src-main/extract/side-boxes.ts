import {
  boundsOf,
  isHorizontal,
  middleSize,
  type BBox,
  type Block,
  type Line,
  type Span
} from '../shared/layout.js'
import { isLabel } from '../shared/box-label.js'
import { BlockSizes } from './block-sizes.js'

/**
 * A side box set in a column's margin or gutter (a booklet's "!" icon over a small "CAUTION",
 * level with a paragraph's lines) is drawn where a layout program anchors it, between the
 * paragraph's lines; MuPDF then takes its words into that paragraph's block, as a line of their
 * own or at the head of the paragraph's line on the same baseline ("CAUTION for returns filed
 * this year"), and the box is read inside a sentence. Such pieces are taken out of their lines
 * into blocks of their own (`boxes`), apart from the rest (`text`).
 *
 * A piece is a box's label when it stands wholly left of a left edge that other lines of the
 * page share, within two ems of it, the rest of its line starting at that edge, is a label (one
 * word in capitals or bold), and is set at another size than the line's text (or than its
 * block's, standing alone). Pieces without a word (an
 * icon) join a label they stand next to; alone they stay, as a list's bullets hanging in the
 * margin do.
 */
export function takeOutSideBoxes(blocks: readonly Block[]): {
  text: Block[]
  boxes: Block[]
} {
  const edges = sharedEdges(blocks)
  if (edges.length === 0) return { text: [...blocks], boxes: [] }
  const pieces = blocks.flatMap((block) => {
    const sizes = new BlockSizes(block)
    return block.lines.flatMap((line) => outside(line, block, sizes, edges))
  })
  const labels = pieces.filter((p) => p.label)
  if (labels.length === 0) return { text: [...blocks], boxes: [] }
  // Each label with the icons next to it is one box.
  const boxes = labels.map((label) => [
    label,
    ...pieces.filter((p) => !p.label && nextTo(p, label))
  ])
  const taken = new Set(boxes.flat())
  const out: Block[] = []
  for (const block of blocks) {
    const lines = block.lines.flatMap((line) => {
      const gone = new Set([...taken].filter((p) => p.line === line).flatMap((p) => p.spans))
      return gone.size === 0 ? [line] : remainingLines(line, gone)
    })
    if (lines.length > 0) out.push({ ...block, lines, bbox: boundsOf(lines.map((l) => l.bbox)) })
  }
  const boxBlocks = boxes.map((box): Block => {
    const lines = box
      .map((p): Line => ({ ...p.line, spans: p.spans, bbox: p.bbox }))
      .sort((a, b) => a.bbox[1] - b.bbox[1])
    return { ...box[0]!.block, lines, bbox: boundsOf(lines.map((l) => l.bbox)) }
  })
  return { text: out, boxes: boxBlocks }
}

/**
 * The page's blocks with the side boxes after the rest, numbered anew: after, so that the
 * paragraph a box was drawn in is whole again for mergeParagraphs, which joins consecutive
 * blocks (the order reads each box after its paragraph); and added only once the text's blocks
 * are cut into columns, where a box standing in a gutter would bridge it.
 */
export function withSideBoxes(text: readonly Block[], boxes: readonly Block[]): Block[] {
  return [...text, ...boxes].map((block, id) => ({ ...block, id }))
}

/**
 * What is left of a line once a box's spans are gone: a line on each side where the box stood
 * between two columns' text that MuPDF had joined across the gutter through it, each without the
 * blank spans at its ends, so that it starts and ends where its text does.
 */
export function remainingLines(line: Line, gone: ReadonlySet<Span>): Line[] {
  const parts: Span[][] = [[]]
  for (const span of line.spans) {
    if (gone.has(span)) parts.push([])
    else parts[parts.length - 1]!.push(span)
  }
  return parts.flatMap((spans) => {
    const first = spans.findIndex(inked)
    if (first < 0) return []
    const kept = spans.slice(first, spans.findLastIndex(inked) + 1)
    return [{ ...line, spans: kept, bbox: boundsOf(kept.map((s) => s.bbox)) }]
  })
}

const inked = (span: Span): boolean => span.text.trim() !== ''

type Piece = Readonly<{
  block: Block
  line: Line
  spans: readonly Span[]
  bbox: BBox
  label: boolean
}>

/** Lines of the page that must start at an edge for it to be a column's edge. */
const EDGE_LINES = 3

/** Points within which lines start at the same edge. */
const SAME_EDGE = 1

/** Sizes differing by this factor and more are another style: a box's label, not the text's. */
const OTHER_SIZE = 1.2

/** Left edges at which three lines of horizontal text and more start. */
function sharedEdges(blocks: readonly Block[]): number[] {
  const starts = blocks
    .flatMap((b) => b.lines.filter(isHorizontal).map((l) => l.bbox[0]))
    .sort((a, b) => a - b)
  const edges: number[] = []
  let i = 0
  while (i < starts.length) {
    let j = i
    while (j + 1 < starts.length && starts[j + 1]! - starts[i]! <= SAME_EDGE) j++
    if (j - i + 1 >= EDGE_LINES) edges.push(starts[i]!)
    i = j + 1
  }
  return edges
}

/** The piece of `line` that stands left of an edge its text starts at, if any. */
function outside(line: Line, block: Block, sizes: BlockSizes, edges: readonly number[]): Piece[] {
  if (!isHorizontal(line) || line.spans.length === 0) return []
  const inked = line.spans.filter((s) => s.text.trim() !== '')
  // Only an edge a span of the line starts at, or one just right of the line, can be the text's.
  const reach = line.bbox[2] + NEAR_EMS * 2 * (middleSize(inked) ?? 0)
  const candidates = edges.filter(
    (e) =>
      (e > line.bbox[2] && e <= reach) ||
      inked.some((s, i) => i > 0 && Math.abs(s.bbox[0] - e) <= SAME_EDGE)
  )
  for (const edge of candidates) {
    const at = inked.findIndex((s) => Math.abs(s.bbox[0] - edge) <= SAME_EDGE)
    const rest = at < 0 ? [] : inked.slice(at)
    if (rest.some((s) => s.bbox[0] < edge - SAME_EDGE)) continue
    const head =
      at < 0 ? inked.filter((s) => s.bbox[2] <= edge) : boxBefore(inked.slice(0, at), rest)
    if (head.length === 0 || (at < 0 && head.length < inked.length)) continue
    // Standing alone, the line must be left of its own block's text, not the start of a column.
    if (rest.length === 0 && !block.lines.some((l) => l !== line && startsAt(l, edge))) continue
    const headSize = middleSize(head) ?? 0
    const em = (rest.length > 0 ? middleSize(rest) : sizes.middleWithout(line)) ?? headSize
    // A box stands right by the text it goes with, in its margin or the gutter.
    if (edge - Math.max(...head.map((s) => s.bbox[2])) > NEAR_EMS * em) continue
    const label = otherSize(headSize, em) && isLabel(head)
    const from = Math.min(...head.map((s) => s.bbox[0]))
    const spans = line.spans.filter(
      (s) =>
        head.includes(s) ||
        (s.text.trim() === '' && s.bbox[0] >= from && s.bbox[0] < edge - SAME_EDGE)
    )
    return [{ block, line, spans, bbox: boundsOf(head.map((s) => s.bbox)), label }]
  }
  return []
}

/**
 * The spans right before the text at an edge that are set at another size than that text,
 * standing apart from the text further left on the line (another column's, MuPDF joined it
 * through the box across the gutter).
 */
function boxBefore(before: readonly Span[], rest: readonly Span[]): Span[] {
  const size = middleSize(rest) ?? 0
  let start = before.length
  while (start > 0 && otherSize(before[start - 1]!.size, size)) start--
  return before.slice(start)
}

const otherSize = (a: number, b: number): boolean => Math.max(a, b) >= OTHER_SIZE * Math.min(a, b)

/** A box ends at most this many ems of the text's size left of the text's edge. */
const NEAR_EMS = 2

const startsAt = (line: Line, edge: number): boolean => Math.abs(line.bbox[0] - edge) <= SAME_EDGE

/** An icon beside or over a label: within two of the label's heights, overlapping it across. */
function nextTo(icon: Piece, label: Piece): boolean {
  const height = label.bbox[3] - label.bbox[1]
  const gapY = Math.max(icon.bbox[1] - label.bbox[3], label.bbox[1] - icon.bbox[3])
  const overlap = Math.min(icon.bbox[2], label.bbox[2]) - Math.max(icon.bbox[0], label.bbox[0])
  return gapY <= 2 * height && overlap > 0
}
