import { pageTables } from '../layout/table-cells.js'
import { EXCLUDED_ROLES, type BBox } from '../shared/layout.js'
import { isProse } from '../shared/prose.js'
import type { CheckInput } from './check.js'

export type ProseTable = Readonly<{
  /** The first row of two cells, as read: "builders extended the | Quiet bridge. Our". */
  row: string
  rows: number
  bbox: BBox
}>

/** Rows a block must read as before its columns tell running text from a table's cells. */
const MIN_ROWS = 4
/** Of a column's cells one under another, the share whose sentence goes on into the next. */
const RUNNING = 0.6

/** A cell that leaves its sentence open: no stop, colon or closing bracket at its end. */
const OPEN_END = /[\p{L},;]$/u
/** A cell that carries a sentence on: it opens on a word in lower case. */
const GOES_ON = /^\p{Ll}{2,}/u

/**
 * Whether a column's cells, read down, are one running text: most cells leave a sentence open
 * and the cell under them carries it on ("builders extended the" / "flooded village in the" /
 * "long winter, and then"). A table's column is names, figures or entries, each closed; a
 * description wrapped inside a cell is one cell, its lines joined (block-rows.ts).
 */
function runsOn(cells: readonly string[]): boolean {
  if (cells.length < MIN_ROWS || !isProse(cells.join(' '))) return false
  let on = 0
  for (let i = 0; i + 1 < cells.length; i++) {
    if (OPEN_END.test(cells[i]!) && GOES_ON.test(cells[i + 1]!)) on++
  }
  return on >= RUNNING * (cells.length - 1)
}

/**
 * Prose columns read as a table, a row at a time: two columns' lines lined up across the gutter
 * were taken for a table's rows (table-cells.ts), and the text reads a line of one column, then
 * the line beside it in the next. Every column of cells is then a running text of its own, its
 * sentences going on from row to row, which no table's columns are.
 */
export function proseTables({ layout, roles }: CheckInput): ProseTable[] {
  const read = (id: number): boolean => !EXCLUDED_ROLES.has(roles[id] ?? 'body')
  return pageTables(layout, read).flatMap((table) => {
    if (table.rows < MIN_ROWS || table.columns < 2) return []
    for (let column = 0; column < table.columns; column++) {
      const cells = table.cells
        .filter((cell) => cell.column === column)
        .sort((a, b) => a.row - b.row)
        .map((cell) => cell.text.trim())
        .filter((text) => text !== '')
      if (!runsOn(cells)) return []
    }
    const row = (r: number) => table.cells.filter((cell) => cell.row === r)
    let shown = 0
    while (shown + 1 < table.rows && row(shown).length < 2) shown++
    const cells = row(shown).map((cell) => cell.text.trim())
    return [{ row: cells.join(' | '), rows: table.rows, bbox: table.bbox }]
  })
}
