import { boundsOf, type BBox } from '../shared/layout.js'
import type { CheckInput } from './check.js'
import { sameRow, type ReadLine } from './read-lines.js'

/** How far apart, in points, the starts of one column's lines may be. */
const EDGE = 1
/** Lines starting at one edge, besides the one weighed, that make it a column's edge. */
const COLUMN_LINES = 3
/**
 * Of the lines starting at its edge, the share that must end short of the next column for a
 * line's own to be a column: a printed line MuPDF set apart in pieces starts where lines run on
 * past its piece's end.
 */
const COLUMN_SHARE = 0.8
/** A gutter is at least this many ems of the text's size between a column's lines and the next. */
const GUTTER = 0.5
/** Two lines closer than this many ems run into each other: no word gap is left between them. */
const TOUCH = 0.15

export type Collision = Readonly<{ left: string; right: string; bbox: BBox }>

/**
 * Lines that run over the gutter into the next column's text on their row: a run-in heading or
 * an overfull line set past its column's measure until it touches or overprints the first words
 * of the column beside it ("…quarry. The" over "on the following day.", read "Theon the
 * following day."). Where two columns' words meet with no word gap between them, no reading order
 * can part them: the text runs them together whatever is read first, and a reviewer must look.
 * A line counts where 3 other lines start at its edge, and 4 in 5 of those that do end half an
 * em and more short of the line it meets, which starts a column of 3 lines and more: a printed
 * line MuPDF set apart in pieces, a drop cap or a table's cell with its neighbour's text further
 * on is none. `rows` are the page's lines as read (read-lines.ts). Nor is a line read where it stands, among its own column's lines, whatever it
 * touches on the page: only one read next to the next column's lines (joined to the words it
 * meets, "Theon the following day.", or its block read amid that column) has broken the text.
 */
export function collidingLines(input: CheckInput, rows: readonly ReadLine[]): Collision[] {
  const startingAt = (line: ReadLine): ReadLine[] =>
    rows.filter(
      (r) => r !== line && Math.abs(r.bbox[0] - line.bbox[0]) <= EDGE && !sameRow(r.bbox, line.bbox)
    )
  const found: Collision[] = []
  for (const [left, right] of rowPairs(rows)) {
    if (right.bbox[0] <= left.bbox[0] + EDGE) continue
    if (left.bbox[2] < right.bbox[0] - TOUCH * left.size) continue
    if (startingAt(right).length < COLUMN_LINES) continue
    const column = startingAt(left)
    const short = column.filter((r) => r.bbox[2] <= right.bbox[0] - GUTTER * r.size)
    if (short.length < COLUMN_LINES || short.length < COLUMN_SHARE * column.length) continue
    if (!readAmid(rows, rows.indexOf(left), right, input)) continue
    found.push({
      left: left.text,
      right: right.text,
      bbox: boundsOf([left.bbox, right.bbox])
    })
  }
  return found
}

/**
 * The pairs of `rows` on one row, each both ways round, in the order of `rows` (the first line,
 * then the second): lines sorted by their tops, each weighed against those starting above its
 * foot only, where a page of a thousand lines would otherwise weigh a million pairs.
 */
function rowPairs(rows: readonly ReadLine[]): Array<[ReadLine, ReadLine]> {
  const byTop = rows.map((_, i) => i).sort((a, b) => rows[a]!.bbox[1] - rows[b]!.bbox[1])
  const pairs: Array<[number, number]> = []
  byTop.forEach((i, k) => {
    for (let m = k + 1; m < byTop.length; m++) {
      const j = byTop[m]!
      if (rows[j]!.bbox[1] >= rows[i]!.bbox[3]) break
      if (sameRow(rows[i]!.bbox, rows[j]!.bbox)) pairs.push([i, j], [j, i])
    }
  })
  return pairs.sort((p, q) => p[0] - q[0] || p[1] - q[1]).map(([i, j]) => [rows[i]!, rows[j]!])
}

/**
 * Whether line `at` of `rows` is read with `right`'s words where it touches them: in one block
 * with `right`, right before or after it, or its block read between two blocks of `right`'s
 * column (side boxes aside), as a heading's block is when read amid the next column's
 * paragraphs. A column's last line read before the next column's top is read right.
 */
function readAmid(
  rows: readonly ReadLine[],
  at: number,
  right: ReadLine,
  input: CheckInput
): boolean {
  const line = rows[at]!
  if (line.block === right.block || rows[at - 1] === right || rows[at + 1] === right) return true
  const outside = (r: ReadLine): boolean =>
    r.block !== line.block && input.roles[r.block] !== 'aside'
  const before = rows.slice(0, at).findLast(outside)
  const after = rows.slice(at + 1).find(outside)
  const inColumn = (r: ReadLine | undefined): boolean =>
    r !== undefined && Math.abs(r.bbox[0] - right.bbox[0]) <= EDGE
  return inColumn(before) && inColumn(after)
}
