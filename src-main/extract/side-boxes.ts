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
 * word in capitals or bold), and is set at another size than the line's text (or, standing
 * alone, than its block's or the text level with it). Other pieces (an icon, the words under a
 * label) join a label they are stacked with; alone they stay, as a list's bullets hanging in the
 * margin do.
 */
export function takeOutSideBoxes(blocks: readonly Block[]): {
  text: Block[]
  boxes: Block[]
} {
  const edges = sharedEdges(blocks)
  if (edges.length === 0) return { text: [...blocks], boxes: [] }
  const page = blocks.flatMap((block) => {
    const row = secondRow(block)
    return block.lines.flatMap((line, index) =>
      isHorizontal(line) ? [{ block, line, index, row }] : []
    )
  })
  // Many lines alone at an edge ask for the page's lines beside that same edge: listed once each.
  // A paragraph's first line, indented, is level with a box's label as much as a line at the edge.
  const listed = new Map<number, Line[]>()
  const levelBeside = (edge: number, label: Line): Line[] => {
    let at = listed.get(edge)
    if (at === undefined) {
      at = page.filter((p) => besideEdge(p, edge)).map((p) => p.line)
      listed.set(edge, at)
    }
    return at.filter((line) => levelWith(line, label))
  }
  const labels = blocks.flatMap((block) => {
    const sizes = new BlockSizes(block)
    return block.lines.flatMap((line) => outside(line, block, sizes, edges, levelBeside))
  })
  const claimed = new Set<Line>(labels.map((l) => l.line))
  const boxes = labels
    .map((label) => stack(label, page, claimed, labels))
    .filter((box) => box.some((p) => box[0]!.edge - p.bbox[2] <= nearEms(p, page) * box[0]!.em))
  if (boxes.length === 0) return { text: [...blocks], boxes: [] }
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
    kept[0] = withoutLeadingBlanks(kept[0]!)
    return [{ ...line, spans: kept, bbox: boundsOf(kept.map((s) => s.bbox)) }]
  })
}

const inked = (span: Span): boolean => span.text.trim() !== ''

/**
 * Where a span's first glyph with ink starts: MuPDF gives the text beside a box a span of its
 * own that opens with the space it put between the box's label and that text.
 */
const inkStart = (span: Span): number => {
  const blank = [...span.text].findIndex((c) => c.trim() !== '')
  return span.charX[2 * blank] ?? span.bbox[0]
}

/** A span opening with blanks, from its first glyph with ink on. */
function withoutLeadingBlanks(span: Span): Span {
  const chars = [...span.text]
  const blank = chars.findIndex((c) => c.trim() !== '')
  if (blank <= 0 || span.charX.length !== 2 * chars.length) return span
  const charX = span.charX.slice(2 * blank)
  const bbox: BBox = [charX[0]!, span.bbox[1], span.bbox[2], span.bbox[3]]
  return { ...span, text: chars.slice(blank).join(''), charX, bbox }
}

type Piece = Readonly<{
  block: Block
  line: Line
  spans: readonly Span[]
  bbox: BBox
  /** The left edge of the text the box stands beside, and the size of that text. */
  edge: number
  em: number
}>

/**
 * Lines of the page that must start at an edge for it to be the text's edge beside a box; or
 * rows of prose (PROSE_WORDS words and more), fewer: a paragraph of two or three lines indented
 * for a box beside it has two there (the label level with a first line indented further, or
 * joined to the head of the second). Beside such a weak edge only a label set smaller than the
 * text is taken: not a running head's word in capitals over small capitals, nor a form's box
 * label beside the next one's ("Yourself" / "Spouse").
 */
const EDGE_LINES = 3
const WEAK_EDGE_LINES = 2
const PROSE_WORDS = 3

/** An edge the text starts at, and whether few lines make it (see EDGE_LINES). */
type Edge = Readonly<{ x: number; weak: boolean }>

/** Points within which lines start at the same edge. */
const SAME_EDGE = 1

/** Sizes differing by this factor and more are another style: a box's label, not the text's. */
const OTHER_SIZE = 1.2

/**
 * A label set smaller than the text by this factor is in a box's small type (a booklet's 7 pt
 * "IMPORTANT" beside 8 pt text); larger by as little, it is a form's row heading ("Taxes").
 */
const SMALLER = 1.1

/**
 * Left edges at which EDGE_LINES lines of horizontal text and more start, or WEAK_EDGE_LINES rows
 * of prose, a paragraph's indented first line counting also at the edge its next row starts at
 * (a short paragraph indented for a box beside it has two lines at its edge when its first is
 * indented further).
 */
function sharedEdges(blocks: readonly Block[]): Edge[] {
  const words = (line: Line | undefined): number =>
    (line?.spans.map((s) => s.text).join('') ?? '').split(/\s+/u).filter(Boolean).length
  const starts = blocks
    .flatMap((b) => {
      const lines = b.lines.filter(isHorizontal)
      const row = secondRow(b)
      const edge = indentedFrom(b, row)
      const starts = lines.map((l) => ({ x: l.bbox[0], words: words(l) }))
      return edge === null ? starts : [...starts, { x: edge, words: words(b.lines[row]) }]
    })
    .sort((a, b) => a.x - b.x)
  const edges: Edge[] = []
  let i = 0
  while (i < starts.length) {
    let j = i
    while (j + 1 < starts.length && starts[j + 1]!.x - starts[i]!.x <= SAME_EDGE) j++
    const at = starts.slice(i, j + 1)
    const prose = at.filter((start) => start.words >= PROSE_WORDS).length
    if (at.length >= EDGE_LINES) edges.push({ x: at[0]!.x, weak: false })
    else if (prose >= WEAK_EDGE_LINES) edges.push({ x: at[0]!.x, weak: true })
    i = j + 1
  }
  return edges
}

/**
 * A label with what is stacked over and under it in the same strip left of the text's edge, one
 * piece after another: the icon over it and the words under it ("See the" / "ferry"), which
 * MuPDF gives as lines or blocks apart, or at the head of the text's line on its baseline. The
 * box stands within two ems of the edge as a whole: its label may be narrower than the words
 * under it.
 */
function stack(
  label: Piece,
  page: readonly { block: Block; line: Line }[],
  claimed: Set<Line>,
  labels: readonly Piece[]
): Piece[] {
  // A box ends at the next label in its strip, over or under it: what stands past that label's
  // middle is the other box's.
  const middle = (p: Piece): number => (p.bbox[1] + p.bbox[3]) / 2
  const others = labels.filter((other) => other !== label && inStrip(other, label)).map(middle)
  const top = Math.max(...others.filter((y) => y < middle(label)))
  const foot = Math.min(...others.filter((y) => y > middle(label)))
  const strip = page.flatMap(({ block, line }) => {
    if (claimed.has(line)) return []
    const piece = headLeftOf(line, block, label)
    return piece === null || middle(piece) <= top || middle(piece) >= foot ? [] : [piece]
  })
  const box = [label]
  for (let grown = true; grown;) {
    const next = strip.filter((p) => !box.includes(p) && box.some((member) => nextTo(p, member)))
    box.push(...next)
    grown = next.length > 0
  }
  for (const p of box) claimed.add(p.line)
  return box
}

/**
 * The spans at the head of `line` lying in the strip of `label`'s box: left of its edge, the
 * rest of the line starting at that edge, not starting further left than the label by an em
 * (text of a column further left that MuPDF joined through the box is no part of it), and set at
 * another size than the text.
 */
function headLeftOf(line: Line, block: Block, label: Piece): Piece | null {
  const at = line.spans.findIndex(
    (s) => s.text.trim() !== '' && inkStart(s) >= label.edge - SAME_EDGE
  )
  const head = (at < 0 ? line.spans : line.spans.slice(0, at)).filter(inked)
  if (head.length === 0) return null
  const bbox = boundsOf(head.map((s) => s.bbox))
  if (bbox[2] > label.edge + SAME_EDGE || bbox[0] < label.bbox[0] - label.em) return null
  // The short last line of a paragraph over or under the box is the text's, in the text's size;
  // an icon without letters (a "!" a little larger than the text) is no line of a paragraph.
  const lettered = head.some((s) => /\p{L}/u.test(s.text))
  if (lettered && !boxSize(middleSize(head) ?? 0, label.em)) return null
  const spans = at < 0 ? line.spans : line.spans.slice(0, at)
  return { block, line, spans, bbox, edge: label.edge, em: label.em }
}

/** The label standing at the head of `line` left of an edge its text starts at, if any. */
function outside(
  line: Line,
  block: Block,
  sizes: BlockSizes,
  edges: readonly Edge[],
  levelBeside: (edge: number, label: Line) => readonly Line[]
): Piece[] {
  if (!isHorizontal(line) || line.spans.length === 0) return []
  const inked = line.spans.filter((s) => s.text.trim() !== '')
  // Only an edge a span of the line starts at, or one just right of the line, can be the text's:
  // within four ems of the label or of the block MuPDF joined it to. The first edge right of it
  // may stand further by twice the label's width: a short label ("TIP") whose box stands within
  // two ems of the text as a whole, the words under it reaching nearer (see stack()). Only a
  // line that is wholly a label can stand left of an edge right of it: the block's sizes are
  // sorted for no other.
  const reach = isLabel(inked)
    ? line.bbox[2] + NEAR_EMS * 2 * Math.max(middleSize(inked) ?? 0, sizes.middleWithout(line) ?? 0)
    : -Infinity
  const next = edges.find(({ x }) => x > line.bbox[2])
  const candidates = edges.filter(
    (edge) =>
      (edge.x > line.bbox[2] && edge.x <= reach) ||
      (edge === next && edge.x <= reach + LABEL_REACH * (line.bbox[2] - line.bbox[0])) ||
      inked.some((s, i) => i > 0 && Math.abs(inkStart(s) - edge.x) <= SAME_EDGE)
  )
  for (const { x: edge, weak } of candidates) {
    const at = inked.findIndex((s) => Math.abs(inkStart(s) - edge) <= SAME_EDGE)
    const rest = at < 0 ? [] : inked.slice(at)
    if (rest.some((s) => inkStart(s) < edge - SAME_EDGE)) continue
    const head =
      at < 0 ? inked.filter((s) => s.bbox[2] <= edge) : boxBefore(inked.slice(0, at), rest)
    if (head.length === 0 || (at < 0 && head.length < inked.length)) continue
    const headSize = middleSize(head) ?? 0
    // Standing alone, the line must be left of text, its own block's or, in a block of its own
    // (MuPDF gives a box's label or its stack a block apart), a line level with it: not the
    // start of a column, nor a word of a paragraph's lines ending left of the next column.
    const own = block.lines.every(
      (l) => l.bbox[2] <= edge + SAME_EDGE && Math.abs(l.bbox[0] - line.bbox[0]) <= headSize
    )
    const level = rest.length > 0 || !own ? [] : levelBeside(edge, line)
    const inBlock = block.lines.some((l) => l !== line && startsAt(l, edge))
    if (rest.length === 0 && !inBlock && level.length === 0) continue
    const em =
      (rest.length > 0
        ? middleSize(rest)
        : inBlock
          ? sizes.middleWithout(line)
          : middleSize(level.flatMap((l) => l.spans))) ?? headSize
    if (!(weak ? headSize * SMALLER <= em : boxSize(headSize, em)) || !isLabel(head)) continue
    const from = Math.min(...head.map((s) => s.bbox[0]))
    const spans = line.spans.filter(
      (s) =>
        head.includes(s) ||
        (s.text.trim() === '' && s.bbox[0] >= from && s.bbox[0] < edge - SAME_EDGE)
    )
    return [{ block, line, spans, bbox: boundsOf(head.map((s) => s.bbox)), edge, em }]
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
  while (start > 0 && boxSize(before[start - 1]!.size, size)) start--
  return before.slice(start)
}

const otherSize = (a: number, b: number): boolean => Math.max(a, b) >= OTHER_SIZE * Math.min(a, b)

/** Type of size `size` beside text of size `text` may be a box's: another size, or a little smaller. */
const boxSize = (size: number, text: number): boolean =>
  otherSize(size, text) || size * SMALLER <= text

/** A box ends at most this many ems of the text's size left of the text's edge. */
const NEAR_EMS = 2

/**
 * Or this many, for a piece in a gutter that MuPDF gave the block of the text at its edge: a box
 * in a wide gutter may stand nearer the column left of it, whose lines end beside it, than its
 * own. A label in a form's margin has no column left of it.
 */
const NEAR_EMS_IN_GUTTER = 3

function nearEms(piece: Piece, page: readonly { line: Line }[]): number {
  const gap = piece.edge - piece.bbox[2]
  const inBlock = piece.block.lines.some((l) => l !== piece.line && startsAt(l, piece.edge))
  const inGutter = page.some(
    ({ line }) =>
      levelWith(line, piece.line) &&
      line.bbox[2] <= piece.bbox[0] &&
      piece.bbox[0] - line.bbox[2] < gap
  )
  return inBlock && inGutter ? NEAR_EMS_IN_GUTTER : NEAR_EMS
}

/** Widths of its label by which a box's words under it may reach further right than the label. */
const LABEL_REACH = 2

const startsAt = (line: Line, edge: number): boolean => Math.abs(line.bbox[0] - edge) <= SAME_EDGE

/** A paragraph's first line is indented this many ems of its size at most. */
const INDENT_EMS = 4

/** A line of a block: its index among the block's lines, and where the block's second row starts. */
type Placed = Readonly<{ block: Block; line: Line; index: number; row: number }>

/** Whether a line's middle lies within another's height: set solid, rows' boxes overlap. */
const onRowOf = (line: Line, other: Line): boolean => {
  const middle = (line.bbox[1] + line.bbox[3]) / 2
  return middle >= other.bbox[1] && middle <= other.bbox[3]
}

/** The index of a block's first line off its first row: its second row's first line, or -1. */
function secondRow(block: Block): number {
  const first = block.lines[0]
  return first === undefined ? -1 : block.lines.findIndex((l) => !onRowOf(l, first))
}

/** Whether a line starts right of `edge` by a paragraph's indent at most. */
function indentedBy(line: Line, edge: number): boolean {
  const indent = line.bbox[0] - edge
  return indent > SAME_EDGE && indent <= INDENT_EMS * (middleSize(line.spans) ?? 0)
}

/**
 * A line of the text at an edge: starting there, or on the first row of a block indented from it
 * (a paragraph's indent; MuPDF may give a justified row's words as lines of their own), with the
 * block's next row back at the edge.
 */
function besideEdge({ block, line, index, row }: Placed, edge: number): boolean {
  if (startsAt(line, edge)) return true
  return indentedBy(line, edge) && row > 0 && index < row && startsAt(block.lines[row]!, edge)
}

/** The edge a block's second row starts at when its first row is indented from it, or null. */
function indentedFrom(block: Block, row: number): number | null {
  const first = block.lines[0]
  const next = block.lines[row]
  if (first === undefined || next === undefined || !isHorizontal(first)) return null
  return indentedBy(first, next.bbox[0]) ? next.bbox[0] : null
}

const levelWith = (a: Line, b: Line): boolean =>
  Math.min(a.bbox[3], b.bbox[3]) > Math.max(a.bbox[1], b.bbox[1])

/** A piece over or under a box's: within two of its heights, overlapping it across. */
function nextTo(piece: Piece, member: Piece): boolean {
  const height = member.bbox[3] - member.bbox[1]
  const gapY = Math.max(piece.bbox[1] - member.bbox[3], member.bbox[1] - piece.bbox[3])
  return gapY <= 2 * height && inStrip(piece, member)
}

/** Two pieces overlap across the page: one stands over the other in a strip. */
const inStrip = (a: Piece, b: Piece): boolean =>
  Math.min(a.bbox[2], b.bbox[2]) > Math.max(a.bbox[0], b.bbox[0])
