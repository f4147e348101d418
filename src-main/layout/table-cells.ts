import { drawnText, type BBox, type Block, type PageLayout } from '../shared/layout.js'
import { blockTextDetail } from './block-text.js'
import { isTabular, joinPieces, joinWrappedCells, rows, size, type Piece } from './block-rows.js'
import { normalizeText } from './normalize.js'
import { nthSmallest } from '../shared/sorted.js'
import { nonSpaceLength } from '../shared/whitespace.js'
import { isRtlText } from './rtl.js'
import { CELL_GAP, tableRegions } from './table-regions.js'

export type TableCell = Readonly<{ row: number; column: number; text: string; bbox: BBox }>

/** A table region read as rows and columns: its blocks, its box and its cells, row by row. */
export type Table = Readonly<{
  blocks: readonly number[]
  bbox: BBox
  rows: number
  columns: number
  cells: readonly TableCell[]
}>

/**
 * A dense figure (a chart's hundreds of tick labels, a diagram's lettering) lines up in rows and
 * columns too: past these sizes a region is no table a reader reads, and stays text.
 */
const MAX_CELLS = 600
const MAX_COLUMNS = 24

/** A row of cells' pieces, and the blocks whose rows it joins. */
type RowOfPieces = { y0: number; y1: number; pieces: Piece[]; em: number; from: Set<Block> }

/**
 * The region's rows: each block's rows as its text reads them (a block of table rows with its
 * wrapped cells joined), then rows
 * of different blocks that stand level joined into one, top down. A block of several rows that
 * are not short cells level with other blocks' rows (a stanza, a cell of a few lines of prose)
 * is one cell, its text as the block reads; a column of cells MuPDF made one block (a column of
 * dates beside the rows' other cells) stands level with them, and gives its rows.
 */
function regionRows(blocks: readonly Block[]): RowOfPieces[] {
  const perBlock = blocks.map((block) => {
    const em = size(block)
    const rtl = isRtlText(drawnText(block))
    const own = rows(block, em, rtl)
    const tabular = isTabular(own, em)
    return { block, em, tabular, rows: tabular ? joinWrappedCells(own, em, rtl) : own }
  })
  const all: RowOfPieces[] = []
  for (const { block, em, tabular, rows: own } of perBlock) {
    const others = perBlock.filter((p) => p.block !== block).flatMap((p) => p.rows)
    const level = own.filter((r) => {
      const mid = (r.y0 + r.y1) / 2
      return others.some((o) => mid > o.y0 && mid < o.y1)
    })
    const short = nthSmallest(
      own.map((r) => nonSpaceLength(r.pieces[0] ?? '')),
      own.length >> 1
    )!
    const column = level.length >= own.length * LEVEL_ROWS && short <= CELL_CHARS
    if (!tabular && own.length > 1 && !column) {
      const [x0, y0, x1, y1] = block.bbox
      const text = blockTextDetail(block).text
      all.push({ y0, y1, em, pieces: [{ x0, y0, x1, y1, text, drawn: 0 }], from: new Set([block]) })
      continue
    }
    for (const r of own) {
      all.push({ y0: r.y0, y1: r.y1, pieces: [...r.cells], em, from: new Set([block]) })
    }
  }
  all.sort((a, b) => a.y0 - b.y0)
  const out: RowOfPieces[] = []
  for (const row of all) {
    const mid = (row.y0 + row.y1) / 2
    // A cell wrapped over lines stands level with its row's cells by its top, not its middle.
    // A block's own rows stay apart (a matrix's rows beside its tall brackets): only rows of
    // other blocks join them.
    const level = out.find(
      (r) =>
        ![...row.from].some((b) => r.from.has(b)) &&
        ((mid > r.y0 && mid < r.y1) || Math.abs(row.y0 - r.y0) <= row.em * TOPS_LEVEL)
    )
    if (level) {
      level.pieces.push(...row.pieces)
      for (const b of row.from) level.from.add(b)
      level.y0 = Math.min(level.y0, row.y0)
      level.y1 = Math.max(level.y1, row.y1)
    } else out.push({ ...row, pieces: [...row.pieces], from: new Set(row.from) })
  }
  return out
}

/** Tops of cells this many ems apart or less stand on one row. */
const TOPS_LEVEL = 0.5

/**
 * The share of a block's rows that must stand level with other blocks' rows, and the most
 * characters its middle row may hold, for it to be a column of cells: the lines of stanzas set
 * side by side also stand level, but run to 30 characters and more.
 */
const LEVEL_ROWS = 0.6
const CELL_CHARS = 24

type Cell = { x0: number; y0: number; x1: number; y1: number; text: string }

/**
 * A row's cells along it: pieces a column gap apart or more are cells apart, and a piece whose
 * file drew two spaces or more inside it ("07/13/2015     07/21/2015") holds a cell each side,
 * placed by their share of its characters.
 */
function rowCells(row: RowOfPieces): Cell[] {
  const sorted = [...row.pieces].sort((a, b) => a.x0 - b.x0)
  const groups: Piece[][] = []
  for (const piece of sorted) {
    const group = groups[groups.length - 1]
    const last = group?.[group.length - 1]
    if (group && last && piece.x0 - last.x1 <= row.em * CELL_GAP) group.push(piece)
    else groups.push([piece])
  }
  return groups.flatMap((group) => {
    const x0 = group[0]!.x0
    const x1 = Math.max(...group.map((p) => p.x1))
    const y0 = Math.min(...group.map((p) => p.y0))
    const y1 = Math.max(...group.map((p) => p.y1))
    const text = cellText(group, row.em)
    const parts = text.split(/\s{2,}/u).filter((t) => t.trim() !== '')
    if (parts.length < 2) return [{ x0, y0, x1, y1, text: normalizeText(text) }]
    const width = (x1 - x0) / Math.max(1, text.length)
    let at = 0
    return parts.map((part) => {
      const start = text.indexOf(part, at)
      at = start + part.length
      return { x0: x0 + start * width, y0, x1: x0 + at * width, y1, text: normalizeText(part) }
    })
  })
}

/**
 * A cell's text: its pieces line by line (a cell wrapped over two lines stands in one row beside
 * one-line cells), each line's pieces joined as a row's are, the lines by a space.
 */
function cellText(pieces: readonly Piece[], em: number): string {
  const lines: Piece[][] = []
  for (const piece of [...pieces].sort((a, b) => a.y0 - b.y0)) {
    const mid = (piece.y0 + piece.y1) / 2
    const line = lines.find((l) => l.some((p) => mid > p.y0 && mid < p.y1))
    if (line) line.push(piece)
    else lines.push([piece])
  }
  return lines
    .flatMap((line) =>
      sideBySide(
        line.sort((a, b) => a.x0 - b.x0),
        em
      )
    )
    .join(' ')
}

/**
 * A line's pieces joined as a row's are where they stand side by side; pieces that overlap along
 * the line (words of a header set upright, each a line of its own) are words apart.
 */
function sideBySide(sorted: readonly Piece[], em: number): string[] {
  const runs: Piece[][] = []
  for (const piece of sorted) {
    const run = runs[runs.length - 1]
    const last = run?.[run.length - 1]
    if (run && last && piece.x0 >= last.x1 - em * 0.1) run.push(piece)
    else runs.push([piece])
  }
  return runs.map((run) => joinPieces(run, em))
}

/** The column of each cell: the cell of the widest row it overlaps most, or stands nearest. */
function columnOf(template: readonly Cell[], cell: Cell): number {
  let best = 0
  let score = -Infinity
  template.forEach((t, i) => {
    const shared = Math.min(t.x1, cell.x1) - Math.max(t.x0, cell.x0)
    const s = shared > 0 ? shared : -Math.abs((t.x0 + t.x1) / 2 - (cell.x0 + cell.x1) / 2) - 1e6
    if (s > score) {
      score = s
      best = i
    }
  })
  return best
}

const round = (v: number): number => Math.round(v * 100) / 100

/**
 * The table a region's blocks make, or null where they make none: fewer than two rows or
 * columns, fewer than half the rows holding two cells, or a figure's size (MAX_CELLS).
 */
export function regionTable(layout: PageLayout, region: readonly number[]): Table | null {
  const blocks = region.map((id) => layout.blocks[id]!)
  const rowCellsList = regionRows(blocks)
    .map((row) => rowCells(row).filter((cell) => cell.text !== ''))
    .filter((r) => r.length > 0)
  const count = rowCellsList.reduce((n, r) => n + r.length, 0)
  const template = rowCellsList.reduce<Cell[]>((w, r) => (r.length > w.length ? r : w), [])
  const multi = rowCellsList.filter((r) => r.length >= 2).length
  if (
    rowCellsList.length < 2 ||
    template.length < 2 ||
    template.length > MAX_COLUMNS ||
    count > MAX_CELLS ||
    multi * 2 < rowCellsList.length
  ) {
    return null
  }
  const cells: TableCell[] = []
  rowCellsList.forEach((rowCells, row) => {
    const byColumn = new Map<number, Cell[]>()
    for (const cell of rowCells) {
      const column = columnOf(template, cell)
      byColumn.set(column, [...(byColumn.get(column) ?? []), cell])
    }
    for (const [column, inColumn] of [...byColumn].sort((a, b) => a[0] - b[0])) {
      cells.push({
        row,
        column,
        text: inColumn.map((c) => c.text).join(' '),
        bbox: [
          round(Math.min(...inColumn.map((c) => c.x0))),
          round(Math.min(...inColumn.map((c) => c.y0))),
          round(Math.max(...inColumn.map((c) => c.x1))),
          round(Math.max(...inColumn.map((c) => c.y1)))
        ]
      })
    }
  })
  return {
    blocks: region,
    bbox: [
      round(Math.min(...cells.map((c) => c.bbox[0]))),
      round(Math.min(...cells.map((c) => c.bbox[1]))),
      round(Math.max(...cells.map((c) => c.bbox[2]))),
      round(Math.max(...cells.map((c) => c.bbox[3])))
    ],
    rows: rowCellsList.length,
    columns: template.length,
    cells
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
