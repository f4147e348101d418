import {
  drawnText,
  isHorizontal,
  type BBox,
  type Block,
  type Line,
  type PageLayout
} from '../shared/layout.js'
import { blockTextDetail } from './block-text.js'
import { isTabular, joinPieces, joinWrappedCells, rows, size, type Piece } from './block-rows.js'
import { normalizeText } from './normalize.js'
import { nthSmallest } from '../shared/sorted.js'
import { nonSpaceLength } from '../shared/whitespace.js'
import { isRtlText } from './rtl.js'
import { tableRegions } from './table-regions.js'
import {
  centredSpan,
  columnsLineUp,
  columnsOf,
  tableColumns,
  type ColumnSpan
} from './table-columns.js'
import { headerRows, isFigure, numericColumns } from './table-header.js'

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
    return { block, em, tabular, rtl, rows: tabular ? joinWrappedCells(own, em, rtl) : own }
  })
  const all: RowOfPieces[] = []
  for (const { block, em, tabular, rtl, rows: own } of perBlock) {
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
    // A block with a row of short cells far apart (a header row above a wrapped label) gives its
    // rows; a justified line MuPDF cut at a wide word gap is no such row.
    const cellRow = own.some((r) => isCellRow(r.cells, em))
    if (!tabular && own.length > 1 && !column && !cellRow) {
      const [x0, y0, x1, y1] = block.bbox
      const text = blockTextDetail(block).text
      all.push({ y0, y1, em, pieces: [{ x0, y0, x1, y1, text, drawn: 0 }], from: new Set([block]) })
      continue
    }
    for (const r of own) {
      // Right-to-left text reads in another order than its glyphs stand: its pieces stay whole.
      const pieces = rtl
        ? [...r.cells]
        : r.cells.flatMap((p) => splitAtGaps(p, block.lines[p.drawn], em))
      all.push({ y0: r.y0, y1: r.y1, pieces, em, from: new Set([block]) })
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

/**
 * Glyphs this many ems apart or more along a line are two cells MuPDF set as one line ("Actual
 * Budget", two headers a few points apart): a word space is a third of an em or less.
 */
const CELL_SPLIT = 0.55

/**
 * A piece cut where its line's glyphs leave a gap of a cell's margin, each part its share of the
 * piece's text (counted in glyphs other than spaces, so that the text keeps its mended word
 * gaps); the piece whole where the glyphs and its text do not count alike.
 */
function splitAtGaps(piece: Piece, line: Line | undefined, em: number): Piece[] {
  if (!line || !isHorizontal(line)) return [piece]
  const glyphs: Array<[number, number]> = []
  for (const span of line.spans) {
    ;[...span.text].forEach((ch, i) => {
      if (ch.trim() !== '') glyphs.push([span.charX[2 * i]!, span.charX[2 * i + 1]!])
    })
  }
  const cuts: number[] = []
  for (let i = 1; i < glyphs.length; i++) {
    if (glyphs[i]![0] - glyphs[i - 1]![1] >= em * CELL_SPLIT) cuts.push(i)
  }
  const chars = [...piece.text]
  if (cuts.length === 0 || chars.filter((c) => c.trim() !== '').length !== glyphs.length) {
    return [piece]
  }
  const parts: Piece[] = []
  let glyph = 0
  let text = ''
  let first = 0
  for (const ch of chars) {
    if (ch.trim() !== '' && cuts.includes(glyph)) {
      parts.push({ ...piece, x0: glyphs[first]![0], x1: glyphs[glyph - 1]![1], text: text.trim() })
      first = glyph
      text = ''
    }
    text += ch
    if (ch.trim() !== '') glyph++
  }
  parts.push({ ...piece, x0: glyphs[first]![0], x1: glyphs[glyph - 1]![1], text: text.trim() })
  return parts
}

/** Cells of a header row stand this many ems apart or more; a justified line's words less. */
const HEADER_GAP = 1.5

function isCellRow(pieces: readonly Piece[], em: number): boolean {
  if (pieces.length < 2 || pieces.some((p) => nonSpaceLength(p.text) > CELL_CHARS)) return false
  const sorted = [...pieces].sort((a, b) => a.x0 - b.x0)
  return sorted.every((p, i) => i === 0 || p.x0 - sorted[i - 1]!.x1 >= em * HEADER_GAP)
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

/**
 * A row's atoms along it: its pieces, and a piece whose file drew two spaces or more inside it
 * ("07/13/2015     07/21/2015") cut there, each part placed by its share of the characters.
 */
function rowAtoms(row: RowOfPieces): Piece[] {
  return row.pieces.flatMap((piece) => {
    const parts = piece.text.split(/\s{2,}/u).filter((t) => t.trim() !== '')
    if (parts.length < 2) return piece.text.trim() === '' ? [] : [piece]
    const width = (piece.x1 - piece.x0) / Math.max(1, piece.text.length)
    let at = 0
    return parts.map((part) => {
      const start = piece.text.indexOf(part, at)
      at = start + part.length
      return { ...piece, x0: piece.x0 + start * width, x1: piece.x0 + at * width, text: part }
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

/** A row's cells as they fall into the columns: first column, span and the atoms in it. */
type PlacedRow = {
  y0: number
  y1: number
  /** The top of the row's last line: a wrapped cell's next line stands a line below it. */
  lastTop: number
  em: number
  cells: Map<number, { span: number; atoms: Piece[] }>
}

function placeRow(
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

const round = (v: number): number => Math.round(v * 100) / 100

/**
 * The table a region's blocks make, or null where they make none: fewer than two rows or
 * columns, fewer than half the rows holding two cells, or a figure's size (MAX_CELLS). Columns
 * come from where the rows leave space (table-columns.ts), header rows from what the rows hold
 * (table-header.ts); a line that only carries on the cell above it joins that cell.
 */
export function regionTable(layout: PageLayout, region: readonly number[]): Table | null {
  const blocks = region.map((id) => layout.blocks[id]!)
  const rowsOfPieces = regionRows(blocks)
    .map((row) => ({ row, atoms: rowAtoms(row) }))
    .filter((r) => r.atoms.length > 0)
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
  const rowPitch = figureRowPitch(placed, numeric)
  for (let i = placed.length - 2; i >= 0; i--) {
    const [row, below] = [placed[i]!, placed[i + 1]!]
    if (!opens(row, below, rowPitch)) continue
    for (const [column, cell] of row.cells) below.cells.set(column, cell)
    below.y0 = row.y0
    placed.splice(i, 1)
  }
  const rows: PlacedRow[] = []
  for (const row of placed) {
    const above = rows[rows.length - 1]
    if (above && continues(above, row, rowPitch)) {
      for (const [column, cell] of row.cells) above.cells.get(column)!.atoms.push(...cell.atoms)
      above.y1 = Math.max(above.y1, row.y1)
      above.lastTop = row.y0
    } else rows.push(row)
  }
  const multi = rows.filter((r) => r.cells.size >= 2).length
  if (
    rows.length < 2 ||
    columns.length < 2 ||
    columns.length > MAX_COLUMNS ||
    multi * 2 < rows.length ||
    inkShare(rows) > PROSE_INK
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
        rowSpan: 1,
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
  if (cells.length === 0) return null
  const header = headerRows(cells, numeric, rows.length)
  const spanned = cells.map((cell) => {
    if (cell.row >= header || cell.colSpan > 1) return cell
    const taken = new Set(
      cells
        .filter((c) => c.row === cell.row && c !== cell)
        .flatMap((c) => Array.from({ length: c.colSpan }, (_, k) => c.column + k))
    )
    const box = { x0: cell.bbox[0], x1: cell.bbox[2] }
    const [column, colSpan] = centredSpan(box, cell.column, taken, columns, em)
    return { ...cell, column, colSpan }
  })
  return {
    blocks: region,
    bbox: [
      round(Math.min(...cells.map((c) => c.bbox[0]))),
      round(Math.min(...cells.map((c) => c.bbox[1]))),
      round(Math.max(...cells.map((c) => c.bbox[2]))),
      round(Math.max(...cells.map((c) => c.bbox[3])))
    ],
    rows: rows.length,
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
