import { isCjkGlyph } from '../shared/cjk.js'
import {
  drawnLine,
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
  boundsOfIds,
  headBlocks,
  isColumnOf,
  isHeadCellBeside,
  joinBeside,
  joinFollowing,
  sharesRows,
  within
} from './table-region-joins.js'
import { SUBFIGURE_LABEL } from './xy-cut.js'
import { rowBlockRuns } from './table-row-blocks.js'

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
  const add = (seed: readonly number[]): void => {
    const box = boundsOfIds(layout, seed)
    const sharing = regions.filter((r) => sharesRows(boundsOfIds(layout, r), box, em))
    for (const r of sharing) regions.splice(regions.indexOf(r), 1)
    regions.push([...new Set([...sharing.flat(), ...seed])])
  }
  for (const seed of seeds.filter((s) => s.length > 0)) add(seed)
  // A column of short cells MuPDF set as one block beside the rows' other cells joins them.
  joinBeside(layout, regions, across, isColumnOf)
  joinFollowing(layout, regions, across)
  // A block of rows that joined one region may close the gap to the next: one table cut into
  // blocks whose middle block read as no rows of its own.
  for (const region of regions.splice(0)) add(region)
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
