/**
 * Tables a file drew a row a block: runs of blocks, in the page's reading order, each a row of
 * cells (or a few rows and their group label), with the labels set beside them and the rows
 * that hold a label alone. table-regions.ts takes each run as a region.
 */
import {
  drawnLine,
  isHorizontal,
  shareRow,
  type BBox,
  type Block,
  type Line,
  type PageLayout
} from '../shared/layout.js'
import { blockTextDetail } from './block-text.js'
import { isJustifiedProse, rows as rowsOf, size } from './block-rows.js'
import { lineChars } from './frame.js'
import { bodySize } from './body-size.js'
import { analyzeOrder } from './page-order.js'
import { isFigure } from './table-header.js'
import { ALIGN, MIN_ROWS } from './table-region-joins.js'
import { CELL_GAP, figureCells, glyphCells, rowCells, rowCellsOf, WORD } from './table-row-cells.js'

/**
 * The rows of cells of a block that holds rows of a table (two rows and the group label set
 * between them, or a whole table, which MuPDF made one block): two rows of three cells or more,
 * as many at most of short labels alone, and twice as many at most of rows of two (cells left
 * empty, or columns set closer than CELL_GAP that count as one cell). A paragraph's
 * lines are long, one to a row; a form's line holds its number, its label and a blank box, never
 * three cells of text.
 */
function blockRows(
  block: Block,
  layout: PageLayout,
  em: number
): Array<Array<[number, number]>> | null {
  const lines = block.lines.filter((l) => lineChars(l) > 0)
  if (lines.length < 4 || !lines.every(isHorizontal)) return null
  // Justified prose that MuPDF cut at its stretched gaps holds rows of three pieces and more.
  const own = size(block)
  if (isJustifiedProse(rowsOf(block, own, false), own)) return null
  const rows: Array<Block['lines'][number][]> = []
  for (const line of [...lines].sort((a, b) => a.bbox[1] - b.bbox[1])) {
    const row = rows.find((r) => shareRow(r[0]!.bbox, line.bbox))
    if (row) row.push(line)
    else rows.push([line])
  }
  const cells = rows.map((row) => rowCellsOf(row, em))
  const wrapped = wrappedLabel(rows, block, layout, em)
  const head = rows.slice(0, rows.length - wrapped)
  const full = cells.filter((c) => c.length >= BLOCK_ROW_CELLS).length + (wrapped > 0 ? 1 : 0)
  const part = cells.filter((c) => c.length === 2).length
  const labels = head.filter((r) => r.length === 1 && lineChars(r[0]!) <= CELL_CHARS).length
  const fits = full + part + labels + wrapped === rows.length + (wrapped > 0 ? 1 : 0)
  if (full >= 2 && fits && labels <= full && part <= full * 2) return cells
  return isHeadedFigures(rows, cells, em) ? cells : null
}

/**
 * A header row of three cells or more over rows of a label and one figure each (or a label
 * alone, its figure empty), three rows at least and two of them figures, each figure under a
 * header cell other than the first: a table whose other columns are left empty (a column holding
 * only its header, or rows that fill one of two columns in turn). A list of entries and their
 * page numbers has no such header.
 */
function isHeadedFigures(
  rows: readonly Line[][],
  cells: ReadonlyArray<ReadonlyArray<[number, number]>>,
  em: number
): boolean {
  // Header cells MuPDF set as lines of their own are cells however close they stand, and so are
  // cells a few points apart it set as one line ("Total Actual").
  const head = [...rows[0]!]
    .sort((a, b) => a.bbox[0] - b.bbox[0])
    .flatMap((line) => glyphCells(line, em))
  if (head.length < BLOCK_ROW_CELLS || !head.every((c, i) => i === 0 || c.x0 >= head[i - 1]!.x1)) {
    return false
  }
  const start = head[0]!.x0
  let figures = 0
  const fit = rows.slice(1).every((row, i) => {
    const own = cells[i + 1]!
    if (own.length === 1) {
      return lineChars(row[0]!) <= CELL_CHARS && Math.abs(own[0]![0] - start) <= em * ALIGN
    }
    if (own.length !== 2) return false
    const last = row.reduce((a, b) => (b.bbox[2] > a.bbox[2] ? b : a))
    const text = drawnLine(last)
    figures++
    // Right-aligned under its header cell, or aligned on the decimal point within it.
    const [x0, x1] = [last.bbox[0], last.bbox[2]]
    return isFigure(text) && head.slice(1).some((cell) => standsUnder(x0, x1, cell, em))
  })
  return fit && rows.length - 1 >= MIN_ROWS && figures >= HEADED_FIGURES
}

/** A figure from x0 to x1 right-aligned under a header cell, or aligned on its point within it. */
function standsUnder(
  x0: number,
  x1: number,
  cell: { x0: number; x1: number },
  em: number
): boolean {
  return (
    Math.abs(x1 - cell.x1) <= em * ALIGN ||
    (x0 >= cell.x0 - em * ALIGN && x1 <= cell.x1 + em * ALIGN)
  )
}

/** Figures a header-over-figures block holds at the least; its other rows hold a label alone. */
const HEADED_FIGURES = 2

/**
 * How many of a block's last rows are a label wrapped over lines whose figures MuPDF set in a
 * block beside it (the block ends with the next row's label under a whole row): lines alone on
 * their rows, starting where the block's first row starts, the first of them level with a row
 * of cells to its right. 0 where the block ends otherwise.
 */
function wrappedLabel(
  rows: readonly Line[][],
  block: Block,
  layout: PageLayout,
  em: number
): number {
  let first = rows.length
  while (first > 1 && rows[first - 1]!.length === 1) first--
  if (first === rows.length || rows[first - 1]!.length < BLOCK_ROW_CELLS) return 0
  const start = Math.min(...rows[0]!.map((l) => l.bbox[0]))
  const tail = rows.slice(first).map((r) => r[0]!)
  if (tail.some((l) => Math.abs(l.bbox[0] - start) > em * ALIGN)) return 0
  const label = tail[0]!.bbox
  const figures = layout.blocks.some(
    (other) =>
      other !== block &&
      other.bbox[0] >= label[2] &&
      overlapsRows(other.bbox, label) &&
      (holdsCells(other) || (other.lines.length === 1 && figureCells(other.lines[0]!, em) !== null))
  )
  return figures ? tail.length : 0
}

/** Cells a row of a block of rows holds at the least: a label and two figures. */
const BLOCK_ROW_CELLS = 3

/** A block of a run: its rows of cells, as [left, right] pairs along each row. */
type RunRow = Readonly<{ id: number; rows: Array<Array<[number, number]>> }>

/**
 * Runs of blocks, in the page's reading order, each one row of cells whose cells line up with
 * the other rows' (left edges, or right edges for figures): a table the file drew a row a block.
 */
export function rowBlockRuns(layout: PageLayout, read: (id: number) => boolean): number[][] {
  const em = bodySize(layout)
  const runs: number[][] = []
  let run: RunRow[] = []
  let beside: Block[] = []
  // Rows that hold their label alone (every figure empty, a group's row), between rows of cells.
  let lone: number[] = []
  let pending: Block | undefined
  // The block read before the run's first row: its header, where it holds cells.
  let previous: Block | undefined
  let header: Block | undefined
  const close = (): void => {
    if (
      run.reduce((n, r) => n + r.rows.length, 0) >= MIN_ROWS &&
      aligned(
        run.flatMap((r) => r.rows),
        em
      )
    ) {
      // The labels beside the rows are the table's too: without them a run of figures alone
      // holds no word, and reads as a formula.
      const rows = run.map((r) => layout.blocks[r.id]!.bbox)
      const labels = beside.filter((b) => rows.some((row) => overlapsRows(b.bbox, row)))
      // Rows of a label alone before it are rows too (a table whose last figures are empty).
      const above = [...rows, ...lone.map((id) => layout.blocks[id]!.bbox)]
      const last = pending && closesRows(pending, above, em) ? [pending.id] : []
      runs.push([...run.map((r) => r.id), ...labels.map((b) => b.id), ...lone, ...last])
    }
    run = []
    beside = []
    lone = []
    pending = undefined
    header = undefined
  }
  for (const id of analyzeOrder(layout).order) {
    const block = layout.blocks[id]
    if (run.length === 0) header = previous && holdsCells(previous) ? previous : undefined
    previous = block
    const one =
      block && read(id) ? (rowCells(block, em) ?? besideLabel(block, layout, em, header)) : null
    const rows = one ? [one] : block && read(id) ? blockRows(block, layout, em) : null
    const last = run[run.length - 1]
    if (rows) {
      if (pending && !closeBelow(pending.bbox[3], block!, em)) close()
      if (pending) lone.push(pending.id)
      pending = undefined
      run.push({ id, rows })
    } else if (block && last && !pending && read(id) && isLoneLabel(block, last, layout, em)) {
      pending = block
    } else if (block && pending && read(id) && followsLabel(block, pending, em)) {
      // Rows of a label alone follow each other where a table's single column of figures is
      // mostly empty.
      lone.push(pending.id)
      pending = block
    } else if (block && run.length > 0 && !pending && standsBeside(block, layout, em, header)) {
      if (read(id)) beside.push(block)
    } else close()
  }
  close()
  return runs
}

/**
 * Rows that hold their label alone, their figures empty: short lines, one a row, each starting
 * where the row above starts, as close under it as rows stand (MuPDF sets a few such rows in a
 * row as one block). A heading between two tables stands further off, and parts them.
 */
function isLoneLabel(block: Block, above: RunRow, layout: PageLayout, em: number): boolean {
  const lines = block.lines
  if (lines.length === 0) return false
  const start = above.rows[above.rows.length - 1]![0]![0]
  const short = lines.every(
    (line, i) =>
      lineChars(line) <= CELL_CHARS &&
      WORD.test(drawnLine(line)) &&
      Math.abs(line.bbox[0] - start) <= em * ALIGN &&
      (i === 0 || !shareRow(lines[i - 1]!.bbox, line.bbox))
  )
  return short && closeBelow(layout.blocks[above.id]!.bbox[3], block, em)
}

/** A label alone set under another, starting where it starts, as close as rows stand. */
function followsLabel(block: Block, above: Block, em: number): boolean {
  const start = above.lines[0]!.bbox[0]
  return (
    block.lines.every(
      (line, i) =>
        lineChars(line) <= CELL_CHARS &&
        WORD.test(drawnLine(line)) &&
        Math.abs(line.bbox[0] - start) <= em * ALIGN &&
        (i === 0 || !shareRow(block.lines[i - 1]!.bbox, line.bbox))
    ) && closeBelow(above.bbox[3], block, em)
  )
}

/**
 * A block of one figure whose label stands to its left, a line of another block level with it
 * (a wrapped label MuPDF set as a block of its own): a row of a label and one figure, as
 * [left, right] pairs. A bare number of a few digits is as often a page number beside an entry
 * of a list of contents, and is no row, unless it stands under a cell of the `header` over the
 * rows (a column of whole sums, "5252"): a list of contents has no header of cells.
 */
function besideLabel(
  block: Block,
  layout: PageLayout,
  em: number,
  header?: Block
): Array<[number, number]> | null {
  if (block.lines.length !== 1) return null
  const figure = block.lines[0]!
  const text = drawnLine(figure).trim()
  if (!isFigure(text)) return null
  const [x0, , x1] = figure.bbox
  const headed = header?.lines.some((line) =>
    glyphCells(line, em).some(
      (cell) => cell.text.length <= CELL_CHARS && standsUnder(x0, x1, cell, em)
    )
  )
  if (PAGE_NUMBER.test(text) && !headed) return null
  const label = layout.blocks
    .filter((other) => other !== block)
    .flatMap((other) => other.lines)
    .find(
      (line) =>
        shareRow(line.bbox, figure.bbox) &&
        WORD.test(drawnLine(line)) &&
        figure.bbox[0] - line.bbox[2] > em * CELL_GAP
    )
  return label
    ? [
        [label.bbox[0], label.bbox[2]],
        [figure.bbox[0], figure.bbox[2]]
      ]
    : null
}

/** A bare number of one to four digits. */
const PAGE_NUMBER = /^\d{1,4}$/u

/**
 * A label alone under a run's last row closes the table (its last row, every figure empty) where
 * it stands no further under that row than the rows stand apart; a note or a paragraph after a
 * table stands further off. Needs two gaps between rows to know theirs.
 */
function closesRows(label: Block, rows: readonly BBox[], em: number): boolean {
  const tops = [...rows].sort((a, b) => a[1] - b[1])
  const gaps = tops.slice(1).map((row, i) => row[1] - tops[i]![3])
  if (gaps.length < 2) return false
  const gap = label.bbox[1] - tops[tops.length - 1]![3]
  return gap <= Math.max(...gaps) + em * LAST_ROW_SLACK
}

/** How much further than the rows stand apart a last row may stand, in ems (rounding). */
const LAST_ROW_SLACK = 0.1

/** `lower` starts within ROW_GAP ems under `foot`, as a table's rows follow each other. */
function closeBelow(foot: number, lower: Block, em: number): boolean {
  const gap = lower.bbox[1] - foot
  return gap >= -em * ROW_GAP && gap <= em * ROW_GAP
}

/** Rows of a table stand at most this many ems apart; a heading between tables further. */
const ROW_GAP = 0.75

/** A cell holds at most this many characters other than spaces (a name, a date, a sum). */
const CELL_CHARS = 24

/**
 * A cell of a few lines set level with a block of cells beside it (a group's label
 * beside the rows it heads, a label wrapped over lines beside its figures, which the page's cut
 * reads before or between them): the blocks of rows around it are one table all the same, and
 * the region takes the label in as a block inside it. A heading between two tables stands in a
 * band of its own, and parts them; so does a number.
 */
function standsBeside(block: Block, layout: PageLayout, em: number, header?: Block): boolean {
  if (block.lines.length > LABEL_LINES) return false
  // A line's number beside its line is no label: numbered lines are no table (a transcript's).
  if (!WORD.test(blockTextDetail(block).text)) return false
  const [x0, y0, x1, y1] = block.bbox
  return layout.blocks.some(
    (other) =>
      other !== block &&
      (other.bbox[2] <= x0 || x1 <= other.bbox[0]) &&
      Math.min(y1, other.bbox[3]) > Math.max(y0, other.bbox[1]) &&
      (holdsCells(other) ||
        (other.lines.length === 1 && figureCells(other.lines[0]!, em) !== null) ||
        besideLabel(other, layout, em, header) !== null)
  )
}

/**
 * A block with two lines or more side by side on a row, apart: cells (MuPDF starts a line of its
 * own where the gap along a row is wider than a word's).
 */
function holdsCells(block: Block): boolean {
  return block.lines.some((a) =>
    block.lines.some((b) => b !== a && shareRow(a.bbox, b.bbox) && b.bbox[0] > a.bbox[2])
  )
}

/** Two boxes share some of their height: a label beside a row of its figures. */
function overlapsRows(a: BBox, b: BBox): boolean {
  return Math.min(a[3], b[3]) > Math.max(a[1], b[1])
}

/** A label beside its row wraps over at most this many lines. */
const LABEL_LINES = 3

function aligned(rows: ReadonlyArray<ReadonlyArray<[number, number]>>, em: number): boolean {
  let inner = 0
  let matched = 0
  rows.forEach((row, i) => {
    for (const [x0, x1] of row.slice(1)) {
      inner++
      const near = rows.some(
        (other, j) =>
          j !== i &&
          other.some(
            ([o0, o1]) => Math.abs(o0 - x0) <= em * ALIGN || Math.abs(o1 - x1) <= em * ALIGN
          )
      )
      if (near) matched++
    }
  })
  return inner > 0 && matched >= inner * 0.6
}
