/**
 * How the blocks around a table region join it: blocks of rows that carry it on, a column of
 * cells or a header cell beside it, header blocks above it (table-regions.ts finds the regions).
 */
import { drawnLine, shareRow, type Block, type PageLayout } from '../shared/layout.js'
import { isFigure } from './table-header.js'
import { apartAlong, glyphCells } from './table-row-cells.js'
import { lineChars } from './frame.js'
import { bodySize } from './body-size.js'

/** A table of rows set a block a row needs this many rows. */
export const MIN_ROWS = 3

/** How far apart in ems two cells' edges may be and still line up in a column. */
export const ALIGN = 0.5

/**
 * Blocks of rows of cells just above or below a region, across its width, whose cells start or
 * end where the region's do, joined to it (alone or as a region of their own), until none is left: a table MuPDF cut into a block
 * every few rows, where a block's right-aligned figures kept it from reading as rows of cells.
 * A paragraph's lines stand a line to a row, and never join.
 */
export function joinFollowing(
  layout: PageLayout,
  regions: number[][],
  across: (id: number) => boolean
): void {
  const em = bodySize(layout)
  for (let joined = true; joined;) {
    joined = false
    for (const block of layout.blocks) {
      const own = regions.find((r) => r.includes(block.id))
      // A block of rows may be a region of its own already (a block MuPDF read as table rows).
      if (!across(block.id) || (own && own.length > 1)) continue
      const region = regions.find((r) => {
        const box = boundsOfIds(layout, r)
        return (
          r !== own &&
          sharesRows(box, block.bbox, em) &&
          continuesCells(
            block,
            r.map((id) => layout.blocks[id]!),
            em,
            Math.max(block.bbox[1] - box[3], box[1] - block.bbox[3])
          )
        )
      })
      if (region) {
        if (own) regions.splice(regions.indexOf(own), 1)
        region.push(block.id)
        joined = true
      }
    }
  }
}

/**
 * A block most of whose lines are cells (they share a row), most of them on the table's edges;
 * `gap` is how far above or under the table it stands.
 */
function continuesCells(block: Block, blocks: readonly Block[], em: number, gap: number): boolean {
  const lines = block.lines
  const cells = lines.filter((a) => lines.some((b) => b !== a && shareRow(a.bbox, b.bbox)))
  if (cells.length < 2 || cells.length < lines.length * LEVEL_SHARE) return false
  const edges = blocks.flatMap((b) => b.lines.flatMap((l) => [l.bbox[0], l.bbox[2]]))
  const onEdge = (x: number): boolean => edges.some((e) => Math.abs(e - x) <= em * ALIGN)
  const aligned = cells.filter((l) => onEdge(l.bbox[0]) || onEdge(l.bbox[2]))
  // One row of cells alone is as often a form's line (its number, its label, its box) as a
  // row of a table: it carries a table on only set as close over or under it as rows are, every
  // cell on the table's edges (f1040nr's lines stay lines). A row of two cells (its other
  // figures empty) holds a figure besides: a caption's number and title are no row.
  const rows = cells.filter((c, i) => !cells.slice(0, i).some((d) => shareRow(c.bbox, d.bbox)))
  if (rows.length < 2) {
    const written = cells.filter((l) => lineChars(l) > 0)
    const figure =
      cells.length >= FOLLOWING_CELLS ||
      (written.length >= 2 && apartAlong(written) && written.some((l) => isFigure(drawnLine(l))))
    return figure && gap >= 0 && gap <= em * LAST_ROW_GAP && aligned.length === cells.length
  }
  return cells.length >= FOLLOWING_CELLS && aligned.length >= cells.length * EDGE_SHARE
}

/** A row of a table set a block of its own stands at most this many ems over or under the rows. */
const LAST_ROW_GAP = 0.75

/** A block that carries on a table holds three cells at least, or one row of a figure and its label. */
const FOLLOWING_CELLS = 3

/** The share of a block's lines that must be cells, and of its cells on the table's edges. */
const LEVEL_SHARE = 0.6
const EDGE_SHARE = 0.8

/** Each block `fits` a region it stands beside, within SIDE_GAP ems, added to that region. */
export function joinBeside(
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
export function headBlocks(layout: PageLayout, region: readonly number[], em: number): Block[] {
  const box = boundsOfIds(layout, region)
  return layout.blocks.filter((block) => {
    if (region.includes(block.id) || block.lines.length > HEAD_LINES) return false
    const [x0, y0, x1, y1] = block.bbox
    const gap = box[1] - y1
    // Its last lines may stand level with the first row (a label wrapped beside the figures).
    if (y0 >= box[1] || gap > em * HEAD_GAP || x0 < box[0] - em || x1 > box[2] + em) return false
    // A line of header cells a few points apart that MuPDF set as one line counts by its
    // cells: they are short cells all the same, however long the line.
    const chars = block.lines
      .flatMap((line) => {
        const cells = glyphCells(line, em)
        return cells.length > 1 ? cells.map((cell) => cell.text.length) : [lineChars(line)]
      })
      .sort((a, b) => a - b)
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

/** The most characters the middle line of a column of cells holds (a date, a name, a sum). */
const CELL_CHARS = 24

/**
 * A block of three lines or more, short as cells are, that mostly stand level with the lines of
 * `blocks`: a column of their table.
 */
export function isColumnOf(block: Block, blocks: readonly Block[]): boolean {
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
export function isHeadCellBeside(
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

export type Box = readonly [number, number, number, number]

/**
 * Asked for every region each time a block is tried beside or after it: one pass, without the
 * four arrays spread into Math.min and Math.max (the same answer, NaN and -0 included).
 */
export function boundsOfIds(layout: PageLayout, ids: readonly number[]): Box {
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (const id of ids) {
    const b = layout.blocks[id]!.bbox
    x0 = Math.min(x0, b[0])
    y0 = Math.min(y0, b[1])
    x1 = Math.max(x1, b[2])
    y1 = Math.max(y1, b[3])
  }
  return [x0, y0, x1, y1]
}

/**
 * Two regions are one table where they overlap (a grid of cell blocks over a block of table rows),
 * or where one follows the other within a line and a half across the same width (a table MuPDF
 * cut into a block every few rows). Regions side by side stay apart: two columns of a symbol list
 * set as blocks of rows share their heights too, and read column by column (GeoTopo p108).
 */
export function sharesRows(a: Box, b: Box, em: number): boolean {
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
export function within(inner: Box, outer: Box): boolean {
  const w = Math.min(inner[2], outer[2]) - Math.max(inner[0], outer[0])
  const h = Math.min(inner[3], outer[3]) - Math.max(inner[1], outer[1])
  const area = (inner[2] - inner[0]) * (inner[3] - inner[1])
  return w > 0 && h > 0 && w * h >= area * 0.9
}
