import { pageTables, type Table } from '../../src-main/layout/table-cells.js'
import { EXCLUDED_ROLES } from '../../src-main/shared/layout.js'
import type { GeneratedTable, HeaderCell } from './generated-tables.js'
import { analysisOfBytes, layoutOfBytes } from './made-pdf.js'

/** The tables Recto reads on the first page of `bytes`, with the blocks the page text reads. */
export function tablesOf(bytes: Uint8Array): Table[] {
  const layout = layoutOfBytes(bytes)
  const roles = analysisOfBytes(bytes).pages[0]!.analysis.roles
  return pageTables(layout, (id) => !EXCLUDED_ROLES.has(roles[id] ?? 'body'))
}

const flat = (text: string): string => text.replace(/\s+/gu, ' ').trim()

/** A table's rows as texts by column, '' where no cell starts. */
export function gridOf(table: Table): string[][] {
  const grid = Array.from({ length: table.rows }, () => Array<string>(table.columns).fill(''))
  for (const cell of table.cells) grid[cell.row]![cell.column] = flat(cell.text)
  return grid
}

/** A header row's written cells with their spans, as a reader reads them. */
function headerRow(table: Table, row: number): HeaderCell[] {
  return table.cells
    .filter((c) => c.row === row && flat(c.text) !== '')
    .sort((a, b) => a.column - b.column)
    .map((c) => ({ text: flat(c.text), column: c.column, colspan: c.colSpan }))
}

export type TableScore = Readonly<{
  tables: number
  bodyRows: number
  /** Body rows whose every cell is read in its right column and rows, nothing added. */
  rightRows: number
  headerRight: boolean
  /** The first rows read wrong, for the report. */
  wrong: string[]
}>

/** How well the one table on a generated page was read (a second table or none is all wrong). */
export function scoreTable(truth: GeneratedTable, tables: readonly Table[]): TableScore {
  const table = tables.length === 1 ? tables[0]! : undefined
  if (!table || table.columns !== truth.columns) {
    return {
      tables: tables.length,
      bodyRows: truth.body.length,
      rightRows: 0,
      headerRight: false,
      wrong: [`${tables.length} tables, ${table?.columns ?? 0} columns for ${truth.columns}`]
    }
  }
  const grid = gridOf(table)
  const body = grid.slice(table.headerRows)
  const wrong: string[] = []
  let right = 0
  const rowSpan = (row: number, column: number): number =>
    truth.rowSpans.find(([r, c]) => r === row && c === column)?.[2] ?? 1
  const spansRight = (row: number): boolean =>
    table.cells
      .filter((c) => c.row === row + table.headerRows)
      .every((c) => c.rowSpan === rowSpan(row, c.column))
  truth.body.forEach((row, i) => {
    const read = body[i]
    if (read && read.every((cell, c) => cell === flat(row[c]!)) && spansRight(i)) right++
    else wrong.push(`| ${(read ?? []).join(' | ')} | for | ${row.join(' | ')} |`)
  })
  const headerRight =
    table.headerRows === truth.header.length &&
    truth.header.every((row, i) => JSON.stringify(headerRow(table, i)) === JSON.stringify(row)) &&
    body.length === truth.body.length
  if (!headerRight) wrong.push(`header ${JSON.stringify(grid.slice(0, table.headerRows))}`)
  return { tables: 1, bodyRows: truth.body.length, rightRows: right, headerRight, wrong }
}
