import type { BBox, PageLayout } from '../shared/layout.js'
import { normalizeText } from './normalize.js'
import { nthSmallest } from '../shared/sorted.js'
import { tableRegions } from './table-regions.js'
import { centredSpan, columnsLineUp, tableColumns } from './table-columns.js'
import { headerRows, isFigure, numericColumns } from './table-header.js'
import { cellText, regionRows, rowAtoms } from './table-rows.js'
import { headerSpans, joinLinesBetween, spanRows } from './table-row-spans.js'
import { joinWrappedLines, placeRow, type PlacedRow } from './table-wrapped-rows.js'
import { acrossTextColumns, isProseBesideList, isProseGrid } from './table-prose.js'
import { isMarkedList } from './table-lists.js'

/** A cell of a table: its first row and column and how many it spans (a group's header). */
export type TableCell = Readonly<{
  row: number
  column: number
  rowSpan: number
  colSpan: number
  text: string
  bbox: BBox
}>

/** A table region read as rows and columns: its blocks, its box and its cells, row by row. */
export type Table = Readonly<{
  blocks: readonly number[]
  bbox: BBox
  rows: number
  columns: number
  /** The first rows that head the columns rather than hold data (0 where none does). */
  headerRows: number
  cells: readonly TableCell[]
}>

/**
 * A dense figure (a chart's hundreds of tick labels, a diagram's lettering) lines up in rows and
 * columns too: past these sizes a region is no table a reader reads, and stays text.
 */
const MAX_CELLS = 600
const MAX_COLUMNS = 24

const round = (v: number): number => Math.round(v * 100) / 100

/**
 * The table a region's blocks make, or null where they make none: fewer than two rows or
 * columns, fewer than half the rows holding two cells, or a figure's size (MAX_CELLS). Columns
 * come from where the rows leave space (table-columns.ts), header rows from what the rows hold
 * (table-header.ts); a line that only carries on the cell above it joins that cell.
 */
export function regionTable(layout: PageLayout, region: readonly number[]): Table | null {
  const blocks = region.map((id) => layout.blocks[id]!)
  const rowsOfPieces = joinLinesBetween(
    regionRows(blocks)
      .map((row) => ({ row, atoms: rowAtoms(row) }))
      .filter((r) => r.atoms.length > 0)
  )
  const atomCount = rowsOfPieces.reduce((n, r) => n + r.atoms.length, 0)
  const em = nthSmallest(
    rowsOfPieces.map((r) => r.row.em),
    rowsOfPieces.length >> 1
  )
  if (rowsOfPieces.length < 2 || em === undefined || atomCount > MAX_CELLS) return null
  const columns = tableColumns(
    rowsOfPieces.map((r) => r.atoms),
    em
  )
  const placed = rowsOfPieces.map((r) => placeRow(r.row, r.atoms, columns))
  const numeric = numericColumns(
    placed.map((row) =>
      [...row.cells].map(([column, cell]) => ({ column, text: cellText(cell.atoms, row.em) }))
    )
  )
  const rows = joinWrappedLines(placed, numeric)
  spanRows(rows)
  const multi = rows.filter((r) => r.cells.size >= 2).length
  if (
    rows.length < 2 ||
    columns.length < 2 ||
    columns.length > MAX_COLUMNS ||
    multi * 2 < rows.length ||
    inkShare(rows) > PROSE_INK ||
    isProseGrid(blocks, em) ||
    isProseBesideList(blocks) ||
    acrossTextColumns(layout, blocks)
  ) {
    return null
  }
  const laid = rows.flatMap((r) =>
    [...r.cells]
      .filter(([, cell]) => cell.span === 1)
      .map(([column, cell]) => ({
        column,
        x0: Math.min(...cell.atoms.map((a) => a.x0)),
        x1: Math.max(...cell.atoms.map((a) => a.x1)),
        y0: r.y0,
        y1: r.y1,
        text: cellText(cell.atoms, r.em)
      }))
  )
  if (!columnsLineUp(laid, columns.length, em, isFigure)) return null
  const cells: TableCell[] = []
  rows.forEach((r, row) => {
    for (const [column, cell] of [...r.cells].sort((a, b) => a[0] - b[0])) {
      const text = normalizeText(cellText(cell.atoms, r.em))
      if (text === '') continue
      cells.push({
        row,
        column,
        rowSpan: cell.rowSpan ?? 1,
        colSpan: cell.span,
        text,
        bbox: [
          round(Math.min(...cell.atoms.map((c) => c.x0))),
          round(Math.min(...cell.atoms.map((c) => c.y0))),
          round(Math.max(...cell.atoms.map((c) => c.x1))),
          round(Math.max(...cell.atoms.map((c) => c.y1)))
        ]
      })
    }
  })
  if (cells.length === 0 || isMarkedList(cells, rows.length)) return null
  const found = headerRows(cells, numeric, rows.length)
  const centred = cells.map((cell) => {
    if (cell.row >= found || cell.colSpan > 1) return cell
    const taken = new Set(
      cells
        .filter((c) => c.row === cell.row && c !== cell)
        .flatMap((c) => Array.from({ length: c.colSpan }, (_, k) => c.column + k))
    )
    const box = { x0: cell.bbox[0], x1: cell.bbox[2] }
    const [column, colSpan] = centredSpan(box, cell.column, taken, columns, em)
    return { ...cell, column, colSpan }
  })
  const { cells: spanned, header, rows: rowCount } = headerSpans(centred, found, rows.length, em)
  return {
    blocks: region,
    bbox: [
      round(Math.min(...cells.map((c) => c.bbox[0]))),
      round(Math.min(...cells.map((c) => c.bbox[1]))),
      round(Math.max(...cells.map((c) => c.bbox[2]))),
      round(Math.max(...cells.map((c) => c.bbox[3])))
    ],
    rows: rowCount,
    columns: columns.length,
    headerRows: header,
    cells: spanned
  }
}

/**
 * A table as text: a row a line, its cells in column order parted by a tab, an empty column
 * kept as an empty cell between two tabs so that columns stay in step; nothing after a row's
 * last cell.
 */
export function tableText(table: Table): string {
  const lines: string[][] = Array.from({ length: table.rows }, () => [])
  for (const cell of table.cells) {
    const line = lines[cell.row]!
    while (line.length < cell.column) line.push('')
    line.push(cell.text)
  }
  return lines.map((line) => line.join('\t')).join('\n')
}

/**
 * Tables already read, by layout and region: the page text and the table check both ask for a
 * page's tables, and reading a region's rows reads its lines again.
 */
const read = new WeakMap<PageLayout, Map<string, Table | null>>()

/** The page's tables, read from its table regions (table-regions.ts); `isRead` as `read` there. */
export function pageTables(layout: PageLayout, isRead: (id: number) => boolean): Table[] {
  let known = read.get(layout)
  if (!known) read.set(layout, (known = new Map()))
  const tables = known
  return tableRegions(layout, isRead).flatMap((region) => {
    const key = region.join(',')
    if (!tables.has(key)) tables.set(key, regionTable(layout, region))
    return tables.get(key) ?? []
  })
}

/** Rows inked over more than this share of their extent are lines of prose (generated tables: 0.87 at most). */
const PROSE_INK = 0.92

/**
 * The share of the rows' extent their cells ink, over the rows of two cells or more: a line of
 * justified prose cut at its word gaps is nearly all ink, a table's row leaves its gutters.
 */
function inkShare(rows: readonly PlacedRow[]): number {
  let ink = 0
  let extent = 0
  for (const row of rows) {
    const atoms = [...row.cells.values()].flatMap((c) => c.atoms)
    if (row.cells.size < 2) continue
    ink += atoms.reduce((n, a) => n + (a.x1 - a.x0), 0)
    extent += Math.max(...atoms.map((a) => a.x1)) - Math.min(...atoms.map((a) => a.x0))
  }
  return extent > 0 ? ink / extent : 0
}
