import type { Piece } from './block-rows.js'
import type { PlacedRow } from './table-wrapped-rows.js'

/**
 * How far from halfway between two rows' middles, as a share of the distance between them, a
 * cell's middle may stand and still be set across both: a label centred over two rows stands
 * within a few points of halfway, a cell of one row half a row or more from it.
 */
const HALFWAY = 0.25

type PlacedCell = PlacedRow['cells'] extends Map<number, infer C> ? C : never

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

/**
 * Cells set across two rows (a group's label centred beside the two rows it heads, "6" beside
 * its OTSL and HTML lines) marked as spanning them. Such a label stands between the rows: on a
 * line of its own where the rows stand apart, which then joins the row above; or in the row
 * above, drawn lower than its other cells. Either way the row below leaves its columns empty.
 */
export function spanRows(rows: readonly PlacedRow[]): PlacedRow[] {
  const out: PlacedRow[] = []
  rows.forEach((row, i) => {
    const above = out[out.length - 1]
    const below = rows[i + 1]
    const between =
      above !== undefined &&
      below !== undefined &&
      [...row.cells.keys()].every((c) => !occupied(above, c) && !occupied(below, c)) &&
      halfway(rowMiddle(row)!, rowMiddle(above), rowMiddle(below))
    if (!between) {
      out.push(row)
      return
    }
    for (const [column, cell] of row.cells) above.cells.set(column, { ...cell, rowSpan: 2 })
    above.y1 = Math.max(above.y1, row.y1)
  })
  out.forEach((row, i) => {
    const below = out[i + 1]
    if (!below || row.cells.size < 2) return
    for (const [column, cell] of row.cells) {
      if (cell.rowSpan !== undefined || occupied(below, column)) continue
      if (halfway(middle(cell.atoms), rowMiddle(row, column), rowMiddle(below))) {
        row.cells.set(column, { ...cell, rowSpan: 2 } satisfies PlacedCell)
      }
    }
  })
  return out
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
