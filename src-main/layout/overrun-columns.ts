import type { BBox } from '../shared/layout.js'
import { nonSpaceLength } from '../shared/whitespace.js'
import type { Box } from './order-box.js'

/** A line of a box, in the frame the boxes are in. */
export type LineBox = Readonly<{ box: BBox; text: string }>

/**
 * Columns whose gutter a few lines run into: a line set wider than its measure (a run-in
 * heading longer than a narrow column, an overfull line of TeX) ends in the gutter or past it,
 * over the next column's first words, so no band of whitespace runs the region's height and
 * the cut read the columns row by row, interleaved. A band still parts them where every line
 * left of it ends short of it but a few (a fifth at most), each a row of words ending within
 * the first half of the column right of it, beside that column's running text: a block of the
 * right column spans rows of the line's block, as it never does beside a heading or a table
 * set across the columns, where the columns stop above it and start again under it. Where the
 * right column has ended above it, the line may reach half an em past its edge (a gutter's
 * worth less a point or two), which no heading across the columns stops at. Lines are
 * weighed, not blocks: MuPDF gives a column's block that holds such a line, however tall, the line's
 * width, and may give a side box's "!" icon to the heading's block beside it. Returns the two
 * sides, or null.
 */
export function overrunColumns(
  items: readonly Box[],
  minGutter: number,
  linesOf: (box: Box) => readonly LineBox[]
): Box[][] | null {
  for (const edge of columnEdges(items, linesOf)) {
    const right = items.filter((b) => b.box[0] >= edge - EDGE_TOLERANCE)
    const left = items.filter((b) => b.box[0] < edge - EDGE_TOLERANCE)
    const lines = left.map((b) => ({ box: b, lines: linesOf(b) }))
    const count = lines.reduce((n, b) => n + b.lines.length, 0)
    const over = lines.flatMap((b) =>
      b.lines.filter((l) => l.box[2] > edge - minGutter).map((line) => ({ ...b, line }))
    )
    if (over.length === 0 || over.length === count) continue
    if (over.length > Math.max(1, count * MAX_OVER_SHARE)) continue
    const column = right.filter((b) => b.box[0] <= edge + EDGE_TOLERANCE)
    const width = Math.max(...column.map((b) => b.box[2] - b.box[0]))
    const overruns = over.every(
      ({ box, lines, line }) =>
        isWords(lines) &&
        rowChars(lines, line) >= LINE_CHARS &&
        line.box[2] - edge <= width * MAX_REACH &&
        (right.some((r) => besideRows(box, r)) || line.box[2] - edge <= minGutter)
    )
    if (overruns) return [left, right]
  }
  return null
}

/** How far a box may start left of a column's edge and still stand in that column. */
const EDGE_TOLERANCE = 1

/** Lines the boxes starting at a column's edge hold: a column's text, not a label or two. */
const COLUMN_LINES = 5

/** At most this share of the left side's lines run into the gutter (one at the least). */
const MAX_OVER_SHARE = 0.2

/**
 * Non-space characters a line holds on average, at the least, in the column right of the edge,
 * in the block of a line overrunning it and on that line's row: words, not the pieces of a
 * formula or a matrix's entries.
 */
const LINE_CHARS = 10

/** How far into the right column, as a share of its width, an overrunning line may reach. */
const MAX_REACH = 1 / 2

/**
 * The rows of a block of words, 0 for any other block. In a block of words the rows holding
 * letters average `LINE_CHARS` and more. A line without letters (a side box's "!" beside a
 * heading) is no piece of a formula, and not counted; the pieces MuPDF cuts a justified line into
 * at its wide word gaps are one row.
 */
function wordRows(lines: readonly LineBox[]): number {
  const lettered = lines.filter((l) => /\p{L}/u.test(l.text))
  const chars = lettered.reduce((n, l) => n + nonSpaceLength(l.text), 0)
  const rows = rowCount(lettered)
  return chars >= LINE_CHARS * rows ? rows : 0
}

const isWords = (lines: readonly LineBox[]): boolean => wordRows(lines) > 0

/** Rows of lines, a line starting a row where its middle is under the row's foot. */
function rowCount(lines: readonly LineBox[]): number {
  const mids = lines.map((l) => ({ mid: (l.box[1] + l.box[3]) / 2, foot: l.box[3] }))
  let rows = 0
  let foot = -Infinity
  for (const l of mids.sort((a, b) => a.mid - b.mid)) {
    if (l.mid > foot) {
      rows++
      foot = l.foot
    } else foot = Math.max(foot, l.foot)
  }
  return rows
}

/**
 * The characters of a block's row through a line: MuPDF cuts a justified line into pieces at
 * its wide word gaps, and the piece reaching the gutter may be one word.
 */
function rowChars(lines: readonly LineBox[], line: LineBox): number {
  return lines
    .filter((l) => {
      const mid = (l.box[1] + l.box[3]) / 2
      return mid > line.box[1] && mid < line.box[3]
    })
    .reduce((n, l) => n + nonSpaceLength(l.text), 0)
}

/**
 * Left edges, left to right past the region's own, where blocks of words holding five rows and
 * more start (within a point): where a column may begin. Rows, not lines: MuPDF cuts a justified
 * row of a narrow monospaced column into a line per word or two.
 */
function columnEdges(items: readonly Box[], linesOf: (box: Box) => readonly LineBox[]): number[] {
  const starts = items.map((b) => b.box[0]).sort((a, b) => a - b)
  const first = starts[0] ?? 0
  const rows = new Map(items.map((b) => [b, wordRows(linesOf(b))]))
  const edges: number[] = []
  for (const x of starts) {
    if (x - first <= EDGE_TOLERANCE) continue
    if (edges.some((e) => Math.abs(e - x) <= EDGE_TOLERANCE)) continue
    const at = items.filter((b) => Math.abs(b.box[0] - x) <= EDGE_TOLERANCE)
    if (at.reduce((n, b) => n + rows.get(b)!, 0) >= COLUMN_LINES) edges.push(x)
  }
  return edges
}

/**
 * A box of the right column spans rows of the box holding an overrunning line: it starts above
 * that box's last line and ends below its first, by a third of a line each.
 */
function besideRows(over: Box, column: Box): boolean {
  const line = (over.box[3] - over.box[1]) / Math.max(1, over.lines)
  const slack = line / 3
  return column.box[1] < over.box[3] - slack && column.box[3] > over.box[1] + slack
}
