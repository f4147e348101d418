import type { Piece } from './block-rows.js'
import { columnsOf, type ColumnSpan } from './table-columns.js'
import { isFigure } from './table-header.js'
import { cellText, type RowOfPieces } from './table-rows.js'

/** A row's cells as they fall into the columns: first column, span and the atoms in it. */
export type PlacedRow = {
  y0: number
  y1: number
  /** The top of the row's last line: a wrapped cell's next line stands a line below it. */
  lastTop: number
  em: number
  /** Cells by their first column; `rowSpan` where a cell is set across this row and the next. */
  cells: Map<number, { span: number; atoms: Piece[]; rowSpan?: number }>
}

export function placeRow(
  row: RowOfPieces,
  atoms: readonly Piece[],
  columns: readonly ColumnSpan[]
): PlacedRow {
  const cells = new Map<number, { span: number; atoms: Piece[] }>()
  for (const atom of atoms) {
    const [first, span] = columnsOf(atom, atoms, columns)
    const cell = cells.get(first)
    if (cell) {
      cell.atoms.push(atom)
      cell.span = Math.max(cell.span, span)
    } else cells.set(first, { span, atoms: [atom] })
  }
  return { y0: row.y0, y1: row.y1, lastTop: row.y0, em: row.em, cells }
}

/**
 * A line that only goes on a cell of the row above (a label wrapped onto a second line beside
 * figures of one line): it stands closer under that row than rows stand apart, holds text only
 * in columns where the row above has text, and nothing where the row above has figures.
 */
function continues(above: PlacedRow, row: PlacedRow, rowPitch: number): boolean {
  if ([...row.cells].some(([c, cell]) => !above.cells.has(c) || holdsFigure(row, cell))) {
    return false
  }
  return closeUnder(above.lastTop, row, rowPitch)
}

/** A line close enough under a line whose top is at `top` to be the same cell's next line. */
function closeUnder(top: number, row: PlacedRow, rowPitch: number): boolean {
  const pitch = row.y0 - top
  return pitch > 0 && pitch <= row.em * WRAPPED_PITCH && pitch < rowPitch * 0.95
}

function holdsFigure(row: PlacedRow, cell: { atoms: Piece[] }): boolean {
  return isFigure(cellText(cell.atoms, row.em))
}

/**
 * A line that opens cells of the row below it (a cell wrapped over two lines beside one-line
 * cells set at its middle height: "200 (as" over "Benzene  1 000", "BTEX)" under it): it has no
 * label, no figure, only cells the row below leaves empty, and stands a line above that row.
 */
function opens(row: PlacedRow, below: PlacedRow, rowPitch: number): boolean {
  if (row.cells.has(0) || !below.cells.has(0)) return false
  if ([...row.cells].some(([c, cell]) => below.cells.has(c) || holdsFigure(row, cell))) {
    return false
  }
  return closeUnder(row.y0, below, rowPitch)
}

/**
 * How far apart rows of figures stand, top to top (the smallest of their pitches): a line set
 * as close as that is a row of its own, with its figures left empty. Infinity where no two rows
 * of figures follow each other.
 */
function figureRowPitch(rows: readonly PlacedRow[], numeric: ReadonlySet<number>): number {
  const hasFigures = (r: PlacedRow): boolean =>
    [...r.cells].some(([c, cell]) => numeric.has(c) && isFigure(cellText(cell.atoms, r.em)))
  let pitch = Infinity
  for (let i = 1; i < rows.length; i++) {
    if (hasFigures(rows[i - 1]!) && hasFigures(rows[i]!)) {
      pitch = Math.min(pitch, rows[i]!.y0 - rows[i - 1]!.y0)
    }
  }
  return pitch
}

/** Lines of a wrapped cell stand at most this many ems apart, top to top (set solid to 1.25). */
const WRAPPED_PITCH = 1.3

/**
 * The rows with the lines that only open or carry on another row's cells joined to that row: a
 * cell wrapped over lines beside one-line cells is one cell. `numeric` are the columns of figures.
 */
export function joinWrappedLines(
  placed: readonly PlacedRow[],
  numeric: ReadonlySet<number>
): PlacedRow[] {
  const lines = [...placed]
  const rowPitch = figureRowPitch(lines, numeric)
  for (let i = lines.length - 2; i >= 0; i--) {
    const [row, below] = [lines[i]!, lines[i + 1]!]
    if (!opens(row, below, rowPitch)) continue
    for (const [column, cell] of row.cells) below.cells.set(column, cell)
    below.y0 = row.y0
    lines.splice(i, 1)
  }
  const rows: PlacedRow[] = []
  for (const row of lines) {
    const above = rows[rows.length - 1]
    if (above && continues(above, row, rowPitch)) {
      for (const [column, cell] of row.cells) above.cells.get(column)!.atoms.push(...cell.atoms)
      above.y1 = Math.max(above.y1, row.y1)
      above.lastTop = row.y0
    } else rows.push(row)
  }
  return rows
}
