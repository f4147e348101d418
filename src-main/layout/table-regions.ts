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
import { analyzeOrder, bodySize } from './page-order.js'
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

/** A table of rows set a block a row needs this many rows. */
const MIN_ROWS = 3

/** How far apart in ems two cells' edges may be and still line up in a column. */
const ALIGN = 0.5

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
    else close()
  }
  close()
  return runs
}

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

/** Each block `fits` a region it stands beside, within SIDE_GAP ems, added to that region. */
function joinBeside(
  layout: PageLayout,
  regions: number[][],
  across: (id: number) => boolean,
  fits: (block: Block, blocks: readonly Block[]) => boolean
): void {
  const em = bodySize(layout)
  for (const block of layout.blocks) {
    if (!across(block.id) || regions.some((r) => r.includes(block.id))) continue
    const region = regions.find((r) => {
      const box = boundsOfIds(layout, r)
      const gap = Math.max(box[0] - block.bbox[2], block.bbox[0] - box[2])
      return (
        gap <= em * SIDE_GAP &&
        fits(
          block,
          r.map((id) => layout.blocks[id]!)
        )
      )
    })
    region?.push(block.id)
  }
}

/**
 * Blocks that stand just above a region, within its width, made of a few short lines of which
 * two or more stand far apart on one row: a header row MuPDF set in one block with the first
 * row's wrapped label. A caption is one line, a paragraph's lines are long: neither joins.
 */
function headBlocks(layout: PageLayout, region: readonly number[], em: number): Block[] {
  const box = boundsOfIds(layout, region)
  return layout.blocks.filter((block) => {
    if (region.includes(block.id) || block.lines.length > HEAD_LINES) return false
    const [x0, , x1, y1] = block.bbox
    const gap = box[1] - y1
    if (gap < 0 || gap > em * HEAD_GAP || x0 < box[0] - em || x1 > box[2] + em) return false
    const chars = block.lines.map(lineChars).sort((a, b) => a - b)
    if (chars[chars.length >> 1]! > CELL_CHARS) return false
    // Header cells stand far apart; a justified line MuPDF cut at a wide word gap does not.
    const apart = (a: Block['lines'][number], b: Block['lines'][number]): boolean =>
      shareRow(a.bbox, b.bbox) &&
      Math.max(b.bbox[0] - a.bbox[2], a.bbox[0] - b.bbox[2]) >= em * HEAD_CELL_GAP
    return block.lines.some((a, i) => block.lines.some((b, j) => j > i && apart(a, b)))
  })
}

/** A header block holds a header row and a wrapped label's lines, no more lines than this. */
const HEAD_LINES = 12

/** Cells of a header row stand this many ems apart or more. */
const HEAD_CELL_GAP = 1.5

/** A header block stands at most this many ems from its table's rows. */
const HEAD_GAP = 1.5

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

/** The most characters the middle line of a column of cells holds (a date, a name, a sum). */
const CELL_CHARS = 24

/**
 * A block of three lines or more, short as cells are, that mostly stand level with the lines of
 * `blocks`: a column of their table.
 */
function isColumnOf(block: Block, blocks: readonly Block[]): boolean {
  const lines = block.lines
  if (lines.length < MIN_ROWS) return false
  const chars = lines.map(lineChars).sort((a, b) => a - b)
  if (chars[chars.length >> 1]! > CELL_CHARS) return false
  const others = blocks.flatMap((b) => b.lines)
  const level = lines.filter((line) => {
    const mid = (line.bbox[1] + line.bbox[3]) / 2
    return others.some((o) => mid > o.bbox[1] && mid < o.bbox[3])
  })
  return level.length >= lines.length * 0.6
}

/**
 * A header cell wrapped over a few short lines ("#" over "enc-layers") that MuPDF set as a block
 * of its own beside the table: it stands at the table's top, and each of its lines level with a
 * line of the table's header.
 */
function isHeadCellBeside(
  block: Block,
  blocks: readonly Block[],
  top: number,
  em: number
): boolean {
  const lines = block.lines
  if (lines.length < 2 || lines.length >= MIN_ROWS || Math.abs(block.bbox[1] - top) > em / 2) {
    return false
  }
  if (lines.some((line) => lineChars(line) > CELL_CHARS)) return false
  const others = blocks.flatMap((b) => b.lines)
  return lines.every((line) => {
    const mid = (line.bbox[1] + line.bbox[3]) / 2
    return others.some((o) => mid > o.bbox[1] && mid < o.bbox[3])
  })
}

type Box = readonly [number, number, number, number]

function boundsOfIds(layout: PageLayout, ids: readonly number[]): Box {
  const boxes = ids.map((id) => layout.blocks[id]!.bbox)
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3]))
  ]
}

/**
 * Two regions are one table where they overlap (a grid of cell blocks over a block of table rows),
 * or where one follows the other within a line and a half across the same width (a table MuPDF
 * cut into a block every few rows). Regions side by side stay apart: two columns of a symbol list
 * set as blocks of rows share their heights too, and read column by column (GeoTopo p108).
 */
function sharesRows(a: Box, b: Box, em: number): boolean {
  const shared = Math.min(a[3], b[3]) - Math.max(a[1], b[1])
  const across = Math.min(a[2], b[2]) - Math.max(a[0], b[0])
  if (shared > SHARED_HEIGHT) return across > 0
  const narrower = Math.min(a[2] - a[0], b[2] - b[0])
  return shared > -em * 1.5 && across >= narrower * 0.5
}

/** Heights overlapping by more than this many points are shared rows, not a rounding. */
const SHARED_HEIGHT = 2

/**
 * A column of short cells joins a region within this many ems of it; a figure set beside a
 * table, its labels in rows of their own, stands further off (naacl06 p2).
 */
const SIDE_GAP = 2

/** Nearly all of `inner` (90% of its area) lies inside `outer`. */
function within(inner: Box, outer: Box): boolean {
  const w = Math.min(inner[2], outer[2]) - Math.max(inner[0], outer[0])
  const h = Math.min(inner[3], outer[3]) - Math.max(inner[1], outer[1])
  const area = (inner[2] - inner[0]) * (inner[3] - inner[1])
  return w > 0 && h > 0 && w * h >= area * 0.9
}
