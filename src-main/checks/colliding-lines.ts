import { drawnLine, isHorizontal, type BBox, type PageLayout } from '../shared/layout.js'
import { sameRow } from './read-lines.js'

/** How far apart, in points, the starts of one column's lines may be. */
const EDGE = 1
/** Lines starting at one edge, besides the one weighed, that make it a column's edge. */
const COLUMN_LINES = 3
/** A gutter is at least this many ems of the text's size between a column's lines and the next. */
const GUTTER = 0.5
/** Two lines closer than this many ems run into each other: no word gap is left between them. */
const TOUCH = 0.15

export type Collision = Readonly<{ left: string; right: string; bbox: BBox }>

type Row = Readonly<{ text: string; bbox: BBox; size: number }>

/**
 * Lines that run over the gutter into the next column's text on their row: a run-in heading or
 * an overfull line set past its column's measure until it touches or overprints the first words
 * of the column beside it ("…quarry. The" over "on the following day.", read "Theon the
 * following day."). Where two columns' words meet with no word gap between them, no reading order
 * can part them: the text runs them together whatever is read first, and a reviewer must look.
 * A line counts where 3 other lines start at its edge and end half an em and more short of the
 * line it meets, which starts a column of 3 lines and more: a printed line MuPDF set apart in
 * pieces, a drop cap or a table's cell with its neighbour's text further on is none.
 */
export function collidingLines(layout: PageLayout): Collision[] {
  const rows: Row[] = []
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      const text = drawnLine(line).trim()
      if (text === '' || !isHorizontal(line)) continue
      rows.push({ text, bbox: line.bbox, size: Math.max(...line.spans.map((s) => s.size)) })
    }
  }
  const startingAt = (x: number, not: Row): Row[] =>
    rows.filter((r) => r !== not && Math.abs(r.bbox[0] - x) <= EDGE && !sameRow(r.bbox, not.bbox))
  const found: Collision[] = []
  for (const left of rows) {
    for (const right of rows) {
      if (right === left || right.bbox[0] <= left.bbox[0] + EDGE) continue
      if (!sameRow(left.bbox, right.bbox)) continue
      if (left.bbox[2] < right.bbox[0] - TOUCH * left.size) continue
      if (startingAt(right.bbox[0], right).length < COLUMN_LINES) continue
      const column = startingAt(left.bbox[0], left).filter(
        (r) => r.bbox[2] <= right.bbox[0] - GUTTER * r.size
      )
      if (column.length < COLUMN_LINES) continue
      found.push({
        left: left.text,
        right: right.text,
        bbox: [
          Math.min(left.bbox[0], right.bbox[0]),
          Math.min(left.bbox[1], right.bbox[1]),
          Math.max(left.bbox[2], right.bbox[2]),
          Math.max(left.bbox[3], right.bbox[3])
        ]
      })
    }
  }
  return found
}
