import type { Box } from './order-box.js'

/**
 * Columns whose gutter a few lines run into: a line set wider than its measure (a run-in
 * heading longer than a narrow column, an overfull line of TeX) ends in the gutter or past it,
 * over the next column's first letters, so no band of whitespace runs the region's height and
 * the cut read the columns row by row, interleaved. A band still parts them where every box
 * left of it ends short of it but those few, and each of those ends within the first third of
 * the column right of it, beside that column's running text: a block of the right column spans
 * its rows, as it never does beside a heading or a table set across the columns, where the
 * columns stop above it and start again under it. Returns the two sides, or null.
 */
export function overrunColumns(items: readonly Box[], minGutter: number): Box[][] | null {
  for (const edge of columnEdges(items)) {
    const right = items.filter((b) => b.box[0] >= edge - EDGE_TOLERANCE)
    const left = items.filter((b) => b.box[0] < edge - EDGE_TOLERANCE)
    const over = left.filter((b) => b.box[2] > edge - minGutter)
    if (left.length === over.length) continue
    if (over.length === 0 || over.length > Math.max(1, left.length * MAX_OVER_SHARE)) continue
    const column = right.filter((b) => b.box[0] <= edge + EDGE_TOLERANCE)
    const width = Math.max(...column.map((b) => b.box[2] - b.box[0]))
    const overruns = over.every(
      (b) =>
        b.lineChars >= LINE_CHARS &&
        b.box[2] - edge <= width * MAX_REACH &&
        right.some((r) => besideRows(b, r))
    )
    if (overruns) return [left, right]
  }
  return null
}

/** How far a box may start left of a column's edge and still stand in that column. */
const EDGE_TOLERANCE = 1

/** Lines the boxes starting at a column's edge hold: a column's text, not a label or two. */
const COLUMN_LINES = 5

/** At most this share of the left side's boxes run into the gutter (one at the least). */
const MAX_OVER_SHARE = 0.4

/**
 * Non-space characters a line holds on average, at the least, in the column right of the edge
 * and in a line overrunning it: words, not the pieces of a formula or a matrix's entries.
 */
const LINE_CHARS = 10

/** How far into the right column, as a share of its width, an overrunning line may reach. */
const MAX_REACH = 1 / 3

/**
 * Left edges, left to right past the region's own, where boxes of words holding five lines and
 * more start (within a point): where a column may begin.
 */
function columnEdges(items: readonly Box[]): number[] {
  const starts = items.map((b) => b.box[0]).sort((a, b) => a - b)
  const first = starts[0] ?? 0
  const edges: number[] = []
  for (const x of starts) {
    if (x - first <= EDGE_TOLERANCE) continue
    if (edges.some((e) => Math.abs(e - x) <= EDGE_TOLERANCE)) continue
    const at = items.filter(
      (b) => Math.abs(b.box[0] - x) <= EDGE_TOLERANCE && b.lineChars >= LINE_CHARS
    )
    if (at.reduce((n, b) => n + b.lines, 0) >= COLUMN_LINES) edges.push(x)
  }
  return edges
}

/**
 * A box of the right column spans rows of the overrunning box: it starts above that box's last
 * line and ends below its first, by a third of a line each.
 */
function besideRows(over: Box, column: Box): boolean {
  const line = (over.box[3] - over.box[1]) / Math.max(1, over.lines)
  const slack = line / 3
  return column.box[1] < over.box[3] - slack && column.box[3] > over.box[1] + slack
}
