import type { Piece } from './block-rows.js'
import type { PlacedRow } from './table-wrapped-rows.js'

/**
 * How far from halfway between two rows' middles, as a share of the distance between them, a
 * cell's middle may stand and still be set across both: a label centred over two rows stands
 * within a few points of halfway, a cell of one row half a row or more from it.
 */
const HALFWAY = 0.25

function middle(atoms: readonly Piece[]): number {
  return (Math.min(...atoms.map((a) => a.y0)) + Math.max(...atoms.map((a) => a.y1))) / 2
}

/** The middle of a row's cells (the median of theirs), leaving out column `except`. */
function rowMiddle(row: PlacedRow, except?: number): number | undefined {
  const middles = [...row.cells]
    .filter(([column]) => column !== except)
    .map(([, cell]) => middle(cell.atoms))
    .sort((a, b) => a - b)
  return middles[middles.length >> 1]
}

/** Whether a cell of the row covers `column`. */
function occupied(row: PlacedRow, column: number): boolean {
  return [...row.cells].some(([c, cell]) => c <= column && column < c + cell.span)
}

function halfway(at: number, above: number | undefined, below: number | undefined): boolean {
  if (above === undefined || below === undefined || below <= above) return false
  return Math.abs(at - above - (below - at)) <= (below - above) * HALFWAY
}

/** A row of a table before its columns are known: its line's box and its atoms. */
type RowOfAtoms = Readonly<{ row: Readonly<{ y0: number; y1: number }>; atoms: Piece[] }>

/**
 * Lines of fewer cells than the rows around them that stand between those rows and beside all
 * their cells (a group's label centred beside the two rows it heads, where the rows stand too far
 * apart for it to touch either) joined to the row above, so that its column is found among the rows' columns; spanRows then sets it across
 * both rows.
 */
export function joinLinesBetween<R extends RowOfAtoms>(rows: readonly R[]): R[] {
  const out: R[] = []
  const apart = (a: readonly Piece[], b: readonly Piece[]): boolean =>
    a.every((p) => b.every((q) => p.x1 <= q.x0 || q.x1 <= p.x0))
  rows.forEach((row, i) => {
    const above = out[out.length - 1]
    const below = rows[i + 1]
    if (
      above &&
      below &&
      row.atoms.length < Math.min(above.atoms.length, below.atoms.length) &&
      apart(row.atoms, above.atoms) &&
      apart(row.atoms, below.atoms) &&
      halfway(middle(row.atoms), middle(above.atoms), middle(below.atoms))
    ) {
      above.atoms.push(...row.atoms)
    } else out.push(row)
  })
  return out
}

/**
 * Cells set across two rows (a group's label centred beside the two rows it heads, "6" beside
 * its OTSL and HTML lines) marked as spanning them: a cell drawn lower than the other cells of
 * its row, halfway to the row below, which leaves its columns empty.
 */
export function spanRows(rows: readonly PlacedRow[]): void {
  rows.forEach((row, i) => {
    const below = rows[i + 1]
    if (!below || row.cells.size < 2) return
    for (const [column, cell] of row.cells) {
      if (occupied(below, column)) continue
      if (halfway(middle(cell.atoms), rowMiddle(row, column), rowMiddle(below))) {
        row.cells.set(column, { ...cell, rowSpan: 2 })
      }
    }
  })
}

type HeaderCell = Readonly<{
  row: number
  column: number
  rowSpan: number
  colSpan: number
  text: string
  bbox: readonly [number, number, number, number]
}>

/**
 * A table's header rows read as a reader reads them. A header cell wrapped over two lines ("#"
 * over "enc-layers") stands in two header rows where a group's label over sub-columns makes the
 * header two rows deep: beside the sub-columns, a cell centred under a cell of one column is the
 * rest of its text (its own columns may be wider, read from how far it reaches). Header rows
 * that are each a row of labels ("to air" over "kg/year") stay rows. A header cell with nothing under it in the header rows below spans them (a "Language"
 * beside a group's label and its sub-columns). A header row left empty goes.
 */
export function headerSpans<C extends HeaderCell>(
  cells: readonly C[],
  header: number,
  rows: number,
  em: number
): { cells: C[]; header: number; rows: number } {
  const middle = (c: C): number => (c.bbox[0] + c.bbox[2]) / 2
  let out = [...cells]
  for (let row = header - 1; row >= 1; row--) {
    const groups = out.filter((c) => c.row === row - 1 && c.colSpan > 1)
    const under = (c: C): boolean =>
      groups.some((g) => c.column >= g.column && c.column < g.column + g.colSpan)
    // Only sub-columns under a group's label make the header a row deeper than its cells are.
    if (!out.some((c) => c.row === row && under(c))) continue
    for (const cell of out.filter((c) => c.row === row && !under(c))) {
      const above = out.find(
        (c) =>
          c.row === row - 1 &&
          c.colSpan === 1 &&
          c.column >= cell.column &&
          c.column < cell.column + cell.colSpan &&
          Math.abs(middle(c) - middle(cell)) <= em
      )
      if (!above) continue
      const merged: C = {
        ...above,
        text: `${above.text} ${cell.text}`,
        bbox: [
          Math.min(above.bbox[0], cell.bbox[0]),
          Math.min(above.bbox[1], cell.bbox[1]),
          Math.max(above.bbox[2], cell.bbox[2]),
          Math.max(above.bbox[3], cell.bbox[3])
        ]
      }
      out = out.filter((c) => c !== cell).map((c) => (c === above ? merged : c))
    }
  }
  let depth = header
  let total = rows
  for (let row = depth - 1; row >= 0; row--) {
    if (out.some((c) => c.row === row)) continue
    out = out.map((c) => (c.row > row ? { ...c, row: c.row - 1 } : c))
    depth--
    total--
  }
  const covers = (c: C, row: number, column: number): boolean =>
    c.row === row && c.column <= column && column < c.column + c.colSpan
  out = out.map((cell) => {
    if (cell.row >= depth) return cell
    let rowSpan = 1
    while (
      cell.row + rowSpan < depth &&
      Array.from({ length: cell.colSpan }, (_, k) => cell.column + k).every(
        (column) => !out.some((c) => covers(c, cell.row + rowSpan, column))
      )
    ) {
      rowSpan++
    }
    return { ...cell, rowSpan }
  })
  return { cells: out, header: depth, rows: total }
}
