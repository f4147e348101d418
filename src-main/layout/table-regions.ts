import { isCjkGlyph } from '../shared/cjk.js'
import {
  drawnLine,
  isHorizontal,
  middleSize,
  shareRow,
  spansOf,
  type Block,
  type PageLayout
} from '../shared/layout.js'
import { blockTextDetail } from './block-text.js'
import { blockFrame, lineChars } from './frame.js'
import { bodySize } from './body-size.js'
import { analyzeOrder } from './page-order.js'
import {
  ALIGN,
  boundsOfIds,
  headBlocks,
  isColumnOf,
  isHeadCellBeside,
  joinBeside,
  joinFollowing,
  MIN_ROWS,
  sharesRows,
  within
} from './table-region-joins.js'
import { SUBFIGURE_LABEL } from './xy-cut.js'

/** A grid needs 4 cells: two aligned labels are a heading and its value, not a table. */
const MIN_CELLS = 4

/**
 * Cells of at most 3 characters are a figure's lettering or a small matrix ("a", "γ1", "yP", "*"):
 * read row by row they lose nothing a reviewer could mend (GeoTopo's figures).
 */
const LABEL_CHARS = 3

/** A line number: a few figures, maybe with a stop or bracket. */
const LINE_NUMBER = /^\s*\d{1,4}[.)]?\s*$/u

/**
 * Sub-figures side by side, captioned "(a) …", "(b) …": their plots' ticks, labels and captions
 * line up in rows, but they are figures (GeoTopo's pages 31, 38, 50, 82, 96).
 */
function isFigureRow(cells: readonly Block[]): boolean {
  const letters = cells.map((b) => SUBFIGURE_LABEL.exec(blockTextDetail(b).text)?.[1])
  return new Set(letters.filter((l) => l !== undefined)).size >= 2
}

/**
 * A chart's ticks and legend or a diagram's labels are set far smaller than the text around them:
 * the corpus's figure grids at 28-55% of the body size (tracemonkey p6, issue-1061 p10, naacl06
 * p2, GeoTopo), its tables and forms at 84% or more.
 */
const FIGURE_TEXT = 0.7

export function isFigureLettering(cells: readonly Block[], body: number): boolean {
  return (middleSize(spansOf(cells)) ?? body) < body * FIGURE_TEXT
}

/**
 * Lines of text numbered in a column of their own (a court transcript's 1 to 25): read row by
 * row, each number opens its line, and there is nothing a reviewer must put back in order. The
 * numbers stand left of all the text, and each row holds one line of text, where a table's row
 * holds a cell per column.
 */
function isNumberedLines(cells: readonly Block[]): boolean {
  const text = (b: Block): string => blockTextDetail(b).text
  const written = cells.filter((b) => text(b).trim() !== '')
  const lines = written.filter((b) => !LINE_NUMBER.test(text(b)))
  const left = Math.min(...lines.map((b) => b.bbox[0]))
  // A page number elsewhere in the grid is neither.
  const numbers = written.filter((b) => LINE_NUMBER.test(text(b)) && b.bbox[2] <= left)
  if (numbers.length < 3 || lines.length < 3) return false
  return !lines.some((a, i) => lines.slice(i + 1).some((b) => shareRow(a.bbox, b.bbox)))
}

/** A block of CJK glyphs set one to a line: vertical writing. */
export function isVerticalCjk(block: Block): boolean {
  return block.lines.every((l) => isCjkGlyph(drawnLine(l)))
}

/**
 * The grids of cell blocks the page's cut read row by row that are tables or forms: not a
 * figure's lettering or sub-figures, not numbered lines. `read` says which blocks are read (a
 * running head set in two cells is no table a reader meets).
 */
export function tableGrids(layout: PageLayout, read: (id: number) => boolean): number[][] {
  const body = bodySize(layout)
  return analyzeOrder(layout)
    .grids.map((g) => g.filter(read))
    .filter((g) => {
      const cells = g.map((id) => layout.blocks[id]!)
      return (
        cells.length >= MIN_CELLS &&
        cells.some((b) => b.lines.reduce((n, line) => n + lineChars(line), 0) > LABEL_CHARS) &&
        !isFigureRow(cells) &&
        !isFigureLettering(cells, body) &&
        !isNumberedLines(cells)
      )
    })
}

/** Cells of a row further apart than this many ems are apart: a word gap is under one. */
const CELL_GAP = 1

/**
 * The cells of a block that is one row of two cells or more (the file set each row of a table
 * as a block, a line a cell), as [left, right] pairs along the row; null for any other block.
 * Only the lines' boxes are read: every block of every page is asked.
 */
function rowCells(block: Block, em: number): Array<[number, number]> | null {
  const lines = block.lines
  if (lines.length < 2 || !lines.every(isHorizontal)) return null
  const first = lines[0]!.bbox
  for (const line of lines) {
    const mid = (line.bbox[1] + line.bbox[3]) / 2
    if (mid <= first[1] || mid >= first[3]) return null
  }
  const sorted = lines.map((l) => l.bbox).sort((a, b) => a[0] - b[0])
  const cells: Array<[number, number]> = []
  for (const box of sorted) {
    const last = cells[cells.length - 1]
    if (last && box[0] - last[1] <= em * CELL_GAP) last[1] = Math.max(last[1], box[2])
    else cells.push([box[0], box[2]])
  }
  return cells.length >= 2 ? cells : null
}

/**
 * Runs of blocks, in the page's reading order, each one row of cells whose cells line up with
 * the other rows' (left edges, or right edges for figures): a table the file drew a row a block.
 */
function rowBlockRuns(layout: PageLayout, read: (id: number) => boolean): number[][] {
  const em = bodySize(layout)
  const runs: number[][] = []
  let run: Array<{ id: number; cells: Array<[number, number]> }> = []
  const close = (): void => {
    if (
      run.length >= MIN_ROWS &&
      aligned(
        run.map((r) => r.cells),
        em
      )
    ) {
      runs.push(run.map((r) => r.id))
    }
    run = []
  }
  for (const id of analyzeOrder(layout).order) {
    const block = layout.blocks[id]
    const cells = block && read(id) ? rowCells(block, em) : null
    if (cells) run.push({ id, cells })
    else if (!(block && run.length > 0 && standsBeside(block, layout))) close()
  }
  close()
  return runs
}

/**
 * A cell of a few lines set level with a block of cells beside it (a group's label
 * beside the rows it heads, a label wrapped over lines beside its figures, which the page's cut
 * reads before or between them): the blocks of rows around it are one table all the same, and
 * the region takes the label in as a block inside it. A heading between two tables stands in a
 * band of its own, and parts them; so does a number.
 */
function standsBeside(block: Block, layout: PageLayout): boolean {
  if (block.lines.length > LABEL_LINES) return false
  // A line's number beside its line is no label: numbered lines are no table (a transcript's).
  if (!WORD.test(blockTextDetail(block).text)) return false
  const [x0, y0, x1, y1] = block.bbox
  return layout.blocks.some(
    (other) =>
      other !== block &&
      (other.bbox[2] <= x0 || x1 <= other.bbox[0]) &&
      Math.min(y1, other.bbox[3]) > Math.max(y0, other.bbox[1]) &&
      holdsCells(other)
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

/**
 * The page's table regions, each the ids of the blocks it is made of: grids of cell blocks,
 * blocks of table rows, runs of row blocks, joined where they share rows (a column of dates MuPDF
 * set as one block beside the blocks of the rows' other cells), with what else stands wholly
 * inside them. Only blocks that run left to right take part: their rows are the page's rows.
 */
export function tableRegions(layout: PageLayout, read: (id: number) => boolean): number[][] {
  // The regions depend on the page and on which of its blocks are read: remembered by both.
  const key = layout.blocks
    .filter((b) => !read(b.id))
    .map((b) => b.id)
    .join(',')
  let known = found.get(layout)
  if (!known) found.set(layout, (known = new Map()))
  const regions = known.get(key) ?? findRegions(layout, read)
  known.set(key, regions)
  return regions
}

/**
 * Regions already found, by layout and the blocks left unread: the page text and the table check
 * both ask, and the check reads every block of every page.
 */
const found = new WeakMap<PageLayout, Map<string, number[][]>>()

function findRegions(layout: PageLayout, read: (id: number) => boolean): number[][] {
  const across = (id: number): boolean => {
    const block = layout.blocks[id]
    if (!block || !read(id)) return false
    const frame = blockFrame(block)
    return frame.dx === 1 && frame.dy === 0 && !isVerticalCjk(block)
  }
  const seeds = [
    ...tableGrids(layout, read),
    ...layout.blocks.filter((b) => read(b.id) && blockTextDetail(b).tabular).map((b) => [b.id]),
    ...rowBlockRuns(layout, read)
  ].map((ids) => ids.filter(across))
  const regions: number[][] = []
  const em = bodySize(layout)
  for (const seed of seeds.filter((s) => s.length > 0)) {
    const box = boundsOfIds(layout, seed)
    const sharing = regions.filter((r) => sharesRows(boundsOfIds(layout, r), box, em))
    for (const r of sharing) regions.splice(regions.indexOf(r), 1)
    regions.push([...new Set([...sharing.flat(), ...seed])])
  }
  // A column of short cells MuPDF set as one block beside the rows' other cells joins them.
  joinBeside(layout, regions, across, isColumnOf)
  joinFollowing(layout, regions, across)
  for (const region of regions) {
    for (const block of headBlocks(layout, region, em)) {
      if (across(block.id) && !regions.some((r) => r.includes(block.id))) region.push(block.id)
    }
  }
  // Once the header has joined, so does a header cell of its own beside it.
  joinBeside(layout, regions, across, (block, blocks) =>
    isHeadCellBeside(
      block,
      blocks,
      boundsOfIds(
        layout,
        blocks.map((b) => b.id)
      )[1],
      em
    )
  )
  return regions
    .filter((region) => !isFormula(layout, region))
    .map((region) => {
      const box = boundsOfIds(layout, region)
      const inside = layout.blocks.filter(
        (b) => !region.includes(b.id) && across(b.id) && within(b.bbox, box)
      )
      return [...region, ...inside.map((b) => b.id)].sort((a, b) => a - b)
    })
}

/** A word of a table's header or labels: three letters running. */
const WORD = /\p{L}{3,}/u

/**
 * Matrices set side by side line up in rows and columns too, but hold no word, only numbers,
 * symbols and one-letter variables: read as a table they would mix one matrix's row with the
 * next one's (GeoTopo p84). A table has a header or labels.
 */
function isFormula(layout: PageLayout, region: readonly number[]): boolean {
  return !region.some((id) => WORD.test(blockTextDetail(layout.blocks[id]!).text))
}
