import {
  boundsOf,
  drawnLine,
  isHorizontal,
  type Block,
  type Line,
  type Span
} from '../shared/layout.js'
import {
  EDGE,
  END_EDGE,
  gutterEdges,
  innerStarts,
  lineChars,
  type GutterEdge
} from '../shared/gutter-edges.js'
import { isProse } from '../shared/prose.js'
import { nthSmallest } from '../shared/sorted.js'

/**
 * Columns set 4–6 pt apart are read by MuPDF as one line across them, row by row ("…late on
 * Friday found The railway reached the…"); no gutter between lines is left for the column cut to
 * see. Where a block's lines run across an inner edge (shared/gutter-edges.ts: word starts at one
 * x to a third of a point, after word ends at one x, on most of its long lines), each line is cut
 * there, and the block becomes its columns, each parted into its paragraphs, read one after the
 * other. Lines across the whole width above or below the columns (a heading, an abstract) stay
 * blocks of their own. Blocks are numbered anew, in order.
 *
 * A cut is made only on what a justified single column, a table or a code listing cannot show
 * all at once: the gap at the edge wider than the words' gaps on most of its lines (a justified
 * column's chance alignment is one word gap among others), no monospaced line (a listing's
 * characters stand on a grid), no ink across the gap on any line between the columns' first and
 * last rows, and each side running text whose sentences wrap from line to line (a third of its
 * lines start in lower case, which a table's cells of names and figures do not).
 */
export function cutAtGutters(blocks: readonly Block[]): Block[] {
  const upright = blocks.filter((b) => b.lines.every(isHorizontal))
  const found = [upright.flatMap((b) => b.lines), ...upright.map((b) => b.lines)]
    .flatMap(gutterEdges)
    .filter(isGutter)
  const edges = found.filter(
    (edge, i) => !found.slice(0, i).some((e) => Math.abs(e.x - edge.x) <= 2 * EDGE)
  )
  if (edges.length === 0) return [...blocks]
  const out: Block[] = []
  let run: Block[] = []
  const flush = (): void => {
    if (run.length === 0) return
    const lines = run.flatMap((b) => b.lines)
    const block = { ...run[0]!, bbox: boundsOf(lines.map((l) => l.bbox)), lines }
    // Cut at every gutter the run stands across: a line whose right part is too short to show
    // an edge ("…and lowers the | following day.") is parted at it all the same.
    const parts = cutBlock(
      block,
      edges.filter((e) => block.bbox[0] < e.x - EDGE && block.bbox[2] > e.x)
    )
    // Left uncut, the blocks stay as MuPDF gave them.
    out.push(...(parts.length > 1 ? parts : run))
    run = []
  }
  for (const block of blocks) {
    const upright = block.lines.every(isHorizontal)
    if (upright && edges.some((e) => reaches(block, e))) {
      if (!follows(run, block)) flush()
      run.push(block)
    } else if (upright && follows(run, block) && withinColumns(block, edges)) run.push(block)
    else {
      flush()
      out.push(block)
    }
  }
  flush()
  return out.map((block, id) => ({ ...block, id }))
}

/**
 * Whether a block goes on from the run of blocks before it, within two of its lines' height:
 * MuPDF starts a block wherever a column leaves a row empty (a paragraph's end), and the columns
 * are cut whole, each parted into its paragraphs where its own rows are left empty.
 */
function follows(run: readonly Block[], block: Block): boolean {
  const bottom = Math.max(...run.map((b) => b.bbox[3]))
  const first = block.lines[0]
  return first !== undefined && block.bbox[1] - bottom <= 2 * (first.bbox[3] - first.bbox[1])
}

/** Whether each of the block's lines stands in one column, clear of the gutters. */
function withinColumns(block: Block, edges: readonly GutterEdge[]): boolean {
  return block.lines.every((line) =>
    edges.every((e) => line.bbox[2] <= e.end + END_EDGE || line.bbox[0] >= e.x - EDGE)
  )
}

/**
 * Whether one of the block's lines runs across the edge, a word starting at it after a word
 * ending at the column's edge: a block of a few rows MuPDF parted from the others where a column
 * leaves a row empty (a paragraph's end) is cut at the gutter the page's other rows show.
 */
function reaches(block: Block, edge: GutterEdge): boolean {
  return block.lines.some((line) =>
    innerStarts(line).some(
      (s) =>
        Math.abs(s.x - edge.x) <= EDGE &&
        Math.abs(s.end - edge.end) <= END_EDGE &&
        isProse(s.left) &&
        isProse(s.right)
    )
  )
}

/** Share of a column's lines that start in lower case: sentences wrapped from the line above. */
const RUN_ON_SHARE = 1 / 3

/** Lines a column has before it is asked whether it is running text. */
const COLUMN_LINES = 3

/**
 * The block cut at the edges into what stands above the columns, the columns' paragraphs and
 * what stands below them; whole where a line bridges the gutter between the columns' rows, or
 * where a column of a few lines and more is not running text.
 */
function cutBlock(block: Block, found: readonly GutterEdge[]): Block[] {
  if (found.length === 0) return [block]
  const edges = [...found].sort((a, b) => a.x - b.x)
  const pieces = block.lines.map((line) => cutLine(line, edges))
  const cutRows = block.lines.filter((_, i) => pieces[i] !== null && pieces[i]!.length > 1)
  const top = Math.min(...cutRows.map((l) => l.bbox[1]))
  const bottom = Math.max(...cutRows.map((l) => l.bbox[3]))
  const above: Line[] = []
  const below: Line[] = []
  const columns: Line[][] = edges.map(() => [])
  columns.push([])
  for (const [i, line] of block.lines.entries()) {
    const own = pieces[i]
    if (own) {
      for (const piece of own) columns[columnOf(piece, edges)]!.push(piece)
    } else if (line.bbox[3] <= top + EDGE) above.push(line)
    else if (line.bbox[1] >= bottom - EDGE) below.push(line)
    // A line whose ink bridges the gap between the columns' rows: no gutter runs through there.
    else return [block]
  }
  if (!columns.every(isRunningText)) return [block]
  const part = (lines: readonly Line[]): Block => ({
    ...block,
    bbox: boundsOf(lines.map((l) => l.bbox)),
    lines
  })
  return [
    ...(above.length > 0 ? [part(above)] : []),
    ...columns.flatMap((column) => paragraphs(rowsOf(column)).map(part)),
    ...(below.length > 0 ? [part(below)] : [])
  ]
}

/**
 * Columns' gutter rather than a chance alignment: no line at it monospaced, and on most of them
 * the gap there other than the word gaps beside it. A justified line stretches all its spaces
 * alike, so a chance alignment inside one column is a gap like the ones either side of it; a
 * gutter stands between two columns' lines, each justified on its own, and is as wide on every
 * row, whatever their spaces are. It need not be wider than them: on a page of columns 4 pt
 * apart, justified spaces stretch to 5 and 8 pt.
 */
function isGutter(edge: GutterEdge): boolean {
  if (edge.crossing.some(({ line }) => line.spans.some((s) => s.mono))) return false
  const apart = edge.crossing.filter(({ line, start }) => {
    const gap = start.x - start.end
    const gaps = wordGaps(line)
    const at = gaps.findIndex((g) => Math.abs(g.x - start.x) <= EDGE)
    const beside = [gaps[at - 1], gaps[at + 1]].filter((g) => g !== undefined)
    return at >= 0 && beside.some((g) => Math.abs(g.width - gap) > SAME_GAP)
  }).length
  return apart >= APART_SHARE * edge.crossing.length
}

/** Points within which two word gaps of one justified line are the same gap. */
const SAME_GAP = 0.1

/** Share of the edge's lines whose gap there must differ from a word gap beside it. */
const APART_SHARE = 0.8

/** A gap between two characters this share of the type size or wider is a word space. */
const WORD_GAP = 0.15

/** The gaps between a line's words: where each next word starts, and how wide the gap is. */
function wordGaps(line: Line): { x: number; width: number }[] {
  const inked = lineChars(line).filter((c) => !/\s/u.test(c.ch))
  return inked.slice(1).flatMap((c, i) => {
    const width = c.x0 - inked[i]!.x1
    return width >= WORD_GAP * c.size ? [{ x: c.x0, width }] : []
  })
}

/**
 * The line's pieces between the edges, or null where a character's ink bridges a gap (a line
 * across the whole width, or one the columns do not part).
 */
function cutLine(line: Line, edges: readonly GutterEdge[]): Line[] | null {
  const bridged = (x0: number, x1: number) =>
    edges.some((e) => x0 < e.x - EDGE && x1 > e.end + END_EDGE)
  const sides = new Map<number, Span[]>()
  for (const span of line.spans) {
    const chars = [...span.text]
    let from = 0
    const flush = (to: number) => {
      const piece = spanPiece(span, chars, from, to)
      if (piece) {
        const side = columnOf(piece, edges)
        sides.set(side, [...(sides.get(side) ?? []), piece])
      }
      from = to
    }
    for (let i = 0; i < chars.length; i++) {
      const x0 = span.charX[2 * i] ?? 0
      const x1 = span.charX[2 * i + 1] ?? x0
      if (!/\s/u.test(chars[i]!) && bridged(x0, x1)) return null
      const before = span.charX[2 * i - 2]
      if (before !== undefined && edges.some((e) => before < e.x - EDGE && x0 >= e.x - EDGE)) {
        flush(i)
      }
    }
    flush(chars.length)
  }
  if (sides.size <= 1) return sides.size === 1 ? [line] : []
  return [...sides.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, spans]) => ({ ...line, bbox: boundsOf(spans.map((s) => s.bbox)), spans }))
}

/** The characters from `from` to `to` of a span, with the spaces at either end left off. */
function spanPiece(span: Span, chars: readonly string[], from: number, to: number): Span | null {
  while (from < to && /\s/u.test(chars[from]!)) from++
  while (to > from && /\s/u.test(chars[to - 1]!)) to--
  if (from === to) return null
  const charX = span.charX.slice(2 * from, 2 * to)
  return {
    ...span,
    text: chars.slice(from, to).join(''),
    charX,
    bbox: [charX[0]!, span.bbox[1], charX[charX.length - 1]!, span.bbox[3]]
  }
}

/** Which column a piece stands in: the number of edges at or left of its start. */
function columnOf(piece: Readonly<{ bbox: readonly number[] }>, edges: readonly GutterEdge[]) {
  return edges.filter((e) => piece.bbox[0]! >= e.x - EDGE).length
}

/**
 * Running text: a third of the lines starting in lower case, sentences wrapped from the line
 * above, unlike a table column's cells or a list of names. A column of a line or two, in a block
 * MuPDF parted from the rest, says too little to count.
 */
function isRunningText(lines: readonly Line[]): boolean {
  if (lines.length < COLUMN_LINES) return true
  const runOn = lines.filter((l) => /^\s*\p{Ll}/u.test(drawnLine(l))).length
  return runOn >= RUN_ON_SHARE * lines.length
}

/**
 * A column's pieces as its rows, top to bottom: the pieces MuPDF gave one row in (it parts a
 * line at a justified line's widest spaces) joined into one line, left to right.
 */
function rowsOf(pieces: readonly Line[]): Line[] {
  const sorted = [...pieces].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0])
  const rows: Line[][] = []
  for (const piece of sorted) {
    const row = rows[rows.length - 1]
    const first = row?.[0]
    if (first && piece.bbox[1] < (first.bbox[1] + first.bbox[3]) / 2) row.push(piece)
    else rows.push([piece])
  }
  return rows.map((row) => {
    if (row.length === 1) return row[0]!
    const ordered = [...row].sort((a, b) => a.bbox[0] - b.bbox[0])
    return {
      ...ordered[0]!,
      bbox: boundsOf(ordered.map((l) => l.bbox)),
      spans: ordered.flatMap((l) => l.spans)
    }
  })
}

/**
 * A column's rows parted where a row is left empty between them: the blank line between
 * paragraphs, which MuPDF could not see with the other column's text on that row.
 */
function paragraphs(rows: readonly Line[]): Line[][] {
  const steps = rows.slice(1).map((l, i) => l.bbox[1] - rows[i]!.bbox[1])
  const pitch = nthSmallest([...steps], steps.length >> 1) ?? 0
  const out: Line[][] = []
  rows.forEach((row, i) => {
    if (i === 0 || steps[i - 1]! > pitch * 1.5) out.push([row])
    else out[out.length - 1]!.push(row)
  })
  return out
}
