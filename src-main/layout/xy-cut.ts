import { shareRow } from '../shared/layout.js'
import type { Box } from './order-box.js'
import { overrunColumns, type LineBox } from './overrun-columns.js'
import { byPosition, ROW_TOLERANCE } from './position-order.js'

export type CutOptions = Readonly<{
  /** Least width of a whitespace band between columns, in frame points. */
  minGutter: number
  /** Columns are read right to left (Arabic, Hebrew, Persian pages). */
  rtl: boolean
  /** The page is vertical CJK, whose tiers may abut (see `tierColumns`). */
  tiers?: boolean
  /** Told of every region cut into columns, or read as a grid, for the checks' evidence. */
  onSplit?: (kind: 'columns' | 'grid', groups: readonly Box[][]) => void
  /** A box's lines, for the lines that run into a gutter (`overrunColumns`). */
  linesOf: (box: Box) => readonly LineBox[]
}>

/** Groups of boxes separated by bands of whitespace along one axis (0: x, 1: y). */
function split(items: readonly Box[], axis: 0 | 1, minGap: number): Box[][] {
  const lo = axis
  const hi = axis + 2
  const sorted = [...items].sort((a, b) => a.box[lo]! - b.box[lo]! || a.id - b.id)
  const groups: Box[][] = []
  let current: Box[] = []
  let reach = -Infinity
  for (const item of sorted) {
    if (current.length > 0 && item.box[lo]! - reach >= minGap) {
      groups.push(current)
      current = []
    }
    current.push(item)
    reach = Math.max(reach, item.box[hi]!)
  }
  if (current.length > 0) groups.push(current)
  return groups
}

/**
 * Side-by-side groups split at bands of whitespace at least `minGutter` wide, except that a band
 * narrower than an em (two `minGutter`s) beside a group of single lines, each level with a box
 * across the band, parts the pieces of one display formula, not columns: "= (z1 − z4)·(z3 − z2)"
 * over its denominator stands 5.9 pt right of the fraction before it, and cut there, the
 * sentence under the formula ("Doppelverhältnis von z1, …") was read inside it. Columns are
 * read down, so at least one of them holds a box of many lines or a line beside no other.
 */
function gutterColumns(items: readonly Box[], minGutter: number): Box[][] {
  const groups = split(items, 0, minGutter)
  const out: Box[][] = []
  for (const group of groups) {
    const last = out[out.length - 1]
    if (last && isFormulaGap(last, group, minGutter * 2)) last.push(...group)
    else out.push([...group])
  }
  return out
}

function isFormulaGap(left: readonly Box[], right: readonly Box[], em: number): boolean {
  const gap = Math.min(...right.map((b) => b.box[0])) - Math.max(...left.map((b) => b.box[2]))
  if (gap >= em) return false
  const level = (a: Box, b: Box): boolean => shareRow(a.box, b.box)
  // A script-size line across the band off the pieces' row is an operator's limit ("d(x,y)=1"
  // under "max", issue-1061): the band keeps it with its operator, which stands at the row's left.
  const limit = (o: Box, side: readonly Box[]): boolean =>
    o.lines === 1 && o.box[3] - o.box[1] < SCRIPT_HEIGHT * em && !side.some((b) => level(b, o))
  const pieces = (side: readonly Box[], other: readonly Box[]): boolean =>
    side.every((b) => b.lines === 1 && other.some((o) => level(b, o))) &&
    !other.some((o) => limit(o, side))
  return pieces(left, right) || pieces(right, left)
}

/** A line set in script size (70-80% of the text) stands less than 85% of an em tall. */
const SCRIPT_HEIGHT = 0.85

/**
 * Side-by-side groups of boxes: split at bands of whitespace at least `minGutter` wide, or else
 * where boxes merely abut (see `abuttingColumns`).
 */
function columnsOf(items: readonly Box[], options: CutOptions): Box[][] {
  const columns = gutterColumns(items, options.minGutter)
  if (columns.length > 1) return columns
  return abuttingColumns(items, options.minGutter, options.rtl) ?? columns
}

/**
 * Columns set 4 pt apart, a third of an em (extract/gutter-cuts.ts cuts the lines MuPDF ran
 * across them), leave a band narrower than `minGutter` between their paragraphs. Such a band
 * parts columns when every box on both sides is a paragraph: lines of a few words each, three
 * and more, where the gap between one column's ragged lines and a single line or a formula's
 * pieces beside them is read as one region.
 */
function narrowColumns(items: readonly Box[], minGutter: number): Box[][] | null {
  const groups = split(items, 0, minGutter * NARROW_GUTTER)
  const paragraph = (b: Box): boolean =>
    b.lines >= PARAGRAPH_ROWS && b.lineChars >= PARAGRAPH_LINE_CHARS
  return groups.length > 1 && groups.every((g) => g.every(paragraph)) ? groups : null
}

/** Share of `minGutter` a band between columns of paragraphs is at least. */
const NARROW_GUTTER = 0.6

/** Lines a box has to be a paragraph beside a narrow band. */
const PARAGRAPH_ROWS = 3

/** Non-space characters a paragraph's lines hold on average: a few words. */
const PARAGRAPH_LINE_CHARS = 20

/**
 * TeX sets sub-figure captions in minipages that touch, so the first line of "(a) …" can end a
 * point past where "(b) …" begins, with no gutter between them at all. Groups that only abut
 * count as columns when they are such sub-figures (see `isSubfigureRow`); other boxes that touch
 * (pieces of one formula, cells of a form) keep being read as one region.
 */
function abuttingColumns(items: readonly Box[], minGutter: number, rtl: boolean): Box[][] | null {
  const groups = split(items, 0, -minGutter / 2)
  return groups.length > 1 && isSubfigureRow(groups, rtl) ? groups : null
}

/**
 * A page of vertical CJK is set in tiers (段) parted by a rule, not by whitespace: the columns of
 * one tier end a point or two above the rule and the next tier's begin as close below it, and a
 * comma MuPDF boxes half a cell low reaches across it (the gazette's tiers at 428 and 430 pt).
 * Groups that abut or overlap by less than half an em are tiers there when each holds two
 * columns or more; a lone mark standing over the rule stays with its column.
 */
function tierColumns(items: readonly Box[], options: CutOptions): Box[][] | null {
  if (!options.tiers) return null
  const groups = split(items, 0, -options.minGutter)
  return groups.length > 1 && groups.every((g) => g.length >= 2) ? groups : null
}

export const SUBFIGURE_LABEL = /^\(([a-z])\)\s/u

/**
 * Side-by-side groups whose first labelled boxes read "(a) ", "(b) ", "(c) " … in the order the
 * groups are read: sub-figures, each with its caption under its own figure. They are columns,
 * never a grid, although their captions' lines line up as a table's rows do.
 */
function isSubfigureRow(groups: readonly Box[][], rtl: boolean): boolean {
  const ordered = rtl ? [...groups].reverse() : groups
  const letters = ordered.map((g) => {
    const labelled = [...g]
      .sort((a, b) => a.box[1] - b.box[1])
      .find((b) => SUBFIGURE_LABEL.test(b.lead ?? ''))
    return labelled ? SUBFIGURE_LABEL.exec(labelled.lead ?? '')?.[1]?.charCodeAt(0) : undefined
  })
  return letters.every((c, i) => c !== undefined && (i === 0 || c === letters[i - 1]! + 1))
}

/**
 * Slices that were cut apart by a whitespace band all columns happen to share (two paragraphs
 * ending at the same height in both columns) are joined again while the joined slices still
 * have a gutter; a slice with content across the gutter (a title, a wide figure) stays apart.
 */
function mergeSlices(slices: readonly Box[][], options: CutOptions): Box[][] {
  const merged: Box[][] = []
  slices.forEach((slice, k) => {
    const last = merged[merged.length - 1]
    // A slice of blank boxes (a space MuPDF set apart) has no text to read across a gutter: it
    // must not part the columns of the slices around it.
    if (last && slice.every((b) => b.lineChars === 0)) {
      last.push(...slice)
      return
    }
    if (last && !headsNext(last, slice, slices[k + 1]) && runsAcross(last, slice, options)) {
      const lastCols = columnsOf(last, options).length
      const sliceCols = columnsOf(slice, options).length
      if (lastCols > 1 || sliceCols > 1) {
        last.push(...slice)
        return
      }
    }
    merged.push([...slice])
  })
  return merged
}

/** Characters a line of running text holds, unlike a figure's labels. */
const PROSE_CHARS = 30

/**
 * A slice of one line set far below the text above it and close over the running text of the
 * next slice is that slice's title: a side box's "Opening hours" under the end of one column,
 * over the box's text across two. It starts the next slice rather than running on above.
 */
function headsNext(above: readonly Box[], slice: readonly Box[], next?: readonly Box[]): boolean {
  // One line over running text: figure labels over more labels stay where the cut puts them.
  const prose = next?.some((b) => b.lines >= 2 && b.lineChars >= PROSE_CHARS) === true
  if (!prose || slice.length !== 1 || slice[0]!.lines !== 1) return false
  const top = Math.min(...slice.map((b) => b.box[1]))
  const bottom = Math.max(...slice.map((b) => b.box[3]))
  const gapAbove = top - Math.max(...above.map((b) => b.box[3]))
  const gapBelow = Math.min(...next!.map((b) => b.box[1])) - bottom
  return gapAbove > 2 * Math.max(gapBelow, 0) && gapAbove >= bottom - top
}

/**
 * Whether the joined slices have a gutter and some column of them holds boxes of both: a column
 * that runs on across the band. A figure or display formula whose pieces stand apart has gutters
 * of its own, but the text above or below it shares none of its columns; joined, they were read
 * column by column, so a theorem set under a figure came before the figure's labels and caption.
 */
function runsAcross(last: readonly Box[], slice: readonly Box[], options: CutOptions): boolean {
  const columns = columnsOf([...last, ...slice], options)
  if (columns.length < 2) return false
  const above = new Set(last)
  return columns.some((c) => c.some((b) => above.has(b)) && c.some((b) => !above.has(b)))
}

/** Columns of running text side by side (each a prose column), or null. */
export function proseColumns(
  items: readonly Box[],
  minGutter: number,
  rtl: boolean
): Box[][] | null {
  const columns = split(items, 0, minGutter)
  if (columns.length < 2 || !columns.every(isProseColumn)) return null
  return rtl ? columns.reverse() : columns
}

/**
 * Side-by-side groups of short blocks whose tops line up are the cells of a table or the labels
 * and values of a form, not columns of prose: they are read row by row. Prose columns have
 * multi-line paragraphs whose tops rarely meet the other column's, and where a producer made one
 * block per line, lines of 30 and more characters (cells and labels are shorter). Multi-line
 * blocks form a grid when nearly all of them match a neighbour's top and bottom.
 */
function isGrid(columns: readonly Box[][]): boolean {
  if (columns.every(isProseColumn) || columns.every(isPanel) || isPanelRow(columns)) return false
  if (columns.filter(headsParagraph).length >= 2 || columns.some(runsOnByLines)) return false
  const items = columns.flat()
  // Paragraphs of columns that start level line up as cells do, but their sentences run on
  // from line to line; a table's cells and a poem's stanzas do not. A heading of one line over
  // a paragraph is counted with it: three panels, each a title over a paragraph and a list,
  // are prose however short their paragraphs.
  const headings = columns.reduce((n, column) => n + headingsOverProse(column), 0)
  const prose = items.filter((i) => i.prose === true).length
  if (prose >= (items.length - headings) * PROSE_SHARE) return false
  const short = items.filter((i) => i.lines <= 2 && i.lineChars < 30).length
  let aligned = 0
  let boxed = 0
  columns.forEach((col, c) => {
    const others = columns.filter((_, k) => k !== c).flat()
    for (const item of col) {
      const tops = others.filter((o) => Math.abs(o.box[1] - item.box[1]) <= ROW_TOLERANCE)
      if (tops.length > 0) aligned++
      // Multi-line cells (stanzas of a poem set in a grid, table cells that wrap) end within
      // about a line of their neighbour too; paragraphs of prose columns do not.
      const line = (item.box[3] - item.box[1]) / Math.max(1, item.lines)
      if (tops.some((o) => Math.abs(o.box[3] - item.box[3]) <= line * 1.5)) boxed++
    }
  })
  if (short >= items.length * 0.7) return aligned >= items.length * 0.6
  const rows = Math.min(...columns.map((c) => c.length))
  // A table whose first column wraps (a species name over three lines beside one-line rows of
  // values) matches no bottoms, but nearly every block starts a row level with the others.
  if (rows >= ALIGNED_ROWS && aligned >= items.length * 0.9) return true
  // A cell that wraps runs to a few lines (a stanza to six); blocks of a dozen lines and more
  // are paragraphs of prose columns, whose block breaks can line up by chance (not_parsing2).
  // Headings over the columns are one line each and say nothing of how long their text runs.
  const lines = items
    .filter((i) => i.lines > 1)
    .map((i) => i.lines)
    .sort((a, b) => a - b)
  if ((lines[lines.length >> 1] ?? 0) >= PARAGRAPH_LINES) return false
  return rows >= 2 && boxed >= items.length * 0.8
}

const PARAGRAPH_LINES = 12

/**
 * A column's blocks of one line each set right over a paragraph of its own, of `lines` lines and
 * more.
 */
function headingsOverProse(column: readonly Box[], lines = 0): number {
  const sorted = [...column].sort((a, b) => a.box[1] - b.box[1])
  return sorted.filter((b, i) => {
    const next = sorted[i + 1]
    return b.lines === 1 && next?.prose === true && next.lines >= lines
  }).length
}

/**
 * A column where a heading of one line stands over a paragraph of PANEL_PARAGRAPH lines and more
 * whose sentences run on: a leaflet's panel, whatever short rows (a list's items, level with the
 * next panel's) stand above it. Two such columns side by side are panels, not a table, whose
 * cells wrap to a few lines.
 */
const headsParagraph = (column: readonly Box[]): boolean =>
  headingsOverProse(column, PANEL_PARAGRAPH) > 0

/** Lines a panel's paragraph runs to, at least, beyond a table's cell that wraps. */
const PANEL_PARAGRAPH = 5

/**
 * A column of running text MuPDF cut into a block a line (a justified panel drawn row by row
 * across a leaflet): a third and more of its blocks after the first, RUN_ON_LINES at least, go on
 * in lower case from the one above. A table's cells each start afresh.
 */
function runsOnByLines(column: readonly Box[]): boolean {
  if (!isProseColumn(column)) return false
  const sorted = [...column].sort((a, b) => a.box[1] - b.box[1])
  const on = sorted.slice(1).filter((b) => /^\p{Ll}/u.test(b.lead ?? '')).length
  return on >= RUN_ON_LINES && on >= (sorted.length - 1) / 3
}

/** Blocks of a column going on in lower case, at least, to make it running text. */
const RUN_ON_LINES = 3

/** The share of a region's blocks that are paragraphs for it to be columns of prose. */
const PROSE_SHARE = 0.6

/**
 * A leaflet's panel: a heading of one line over paragraphs of three lines and more, each line of
 * running length, or over a paragraph whose sentences run on from line to line and then
 * anything (a list of short items, an address). Panels that end level match tops and bottoms as
 * a table's cells do, but a table's cells that wrap are shorter, and rarely in every column.
 */
function isPanel(column: readonly Box[]): boolean {
  const [heading, ...text] = [...column].sort((a, b) => a.box[1] - b.box[1])
  if (heading?.lines !== 1 || text.length === 0) return false
  const opening = text[0]!
  return (
    text.every((i) => i.lines >= 3 && i.lineChars >= PANEL_LINE_CHARS) ||
    (opening.prose === true && opening.lines >= 3)
  )
}

/**
 * A leaflet folded in equal panels whose opening paragraphs run to two lines: each column a
 * heading of one line over a paragraph of two lines and more of running length, its sentence
 * running on from one line to the next, the columns as wide as each other. A table's columns
 * differ in width, and its cells that wrap hold shorter lines. Where MuPDF set the heading in one
 * block with its paragraph, the panel opens with a block of three lines and more whose sentences
 * run on, however few letters a line of a narrow panel holds.
 */
function isPanelRow(columns: readonly Box[][]): boolean {
  const widths = columns.map(
    (c) => Math.max(...c.map((b) => b.box[2])) - Math.min(...c.map((b) => b.box[0]))
  )
  if (Math.max(...widths) > Math.min(...widths) * EQUAL_PANELS) return false
  return columns.every((column) => {
    const [first, opening] = [...column].sort((a, b) => a.box[1] - b.box[1])
    if (first?.prose === true && first.lines >= 3) return true
    return (
      first?.lines === 1 &&
      opening?.prose === true &&
      opening.lines >= 2 &&
      opening.lineChars >= PANEL_LINE_CHARS
    )
  })
}

/** How much wider one panel of a leaflet may be than another. */
const EQUAL_PANELS = 1.05

/** Non-space characters a line of a panel's running text holds on average, at the least. */
const PANEL_LINE_CHARS = 30

/** Rows a region needs in every column before tops alone make it a table. */
const ALIGNED_ROWS = 3

/**
 * A column of running text: five or more lines of 12 and more characters on average, most of
 * them nearly as wide as the column (justified or ragged prose), unlike a table column of cells.
 */
function isProseColumn(column: readonly Box[]): boolean {
  if (column.length < 5) return false
  const x0 = Math.min(...column.map((b) => b.box[0]))
  const x1 = Math.max(...column.map((b) => b.box[2]))
  const widths = column.map((b) => b.box[2] - b.box[0]).sort((a, b) => a - b)
  const median = widths[Math.floor(widths.length / 2)] ?? 0
  const chars = column.reduce((n, b) => n + b.lineChars, 0) / column.length
  return median >= 0.6 * (x1 - x0) && chars >= 12
}

/**
 * Rows top to bottom, cells along each row: a box shares a row when its middle is above the row's
 * bottom, or its top is level with the row's top however tall it is (a cell that wraps beside
 * one-line cells).
 */
function byRows(items: readonly Box[], rtl: boolean): Box[] {
  const rows: Array<{ y0: number; y1: number; items: Box[] }> = []
  for (const item of [...items].sort((a, b) => a.box[1] - b.box[1] || a.id - b.id)) {
    const row = rows[rows.length - 1]
    const mid = (item.box[1] + item.box[3]) / 2
    if (row && (mid < row.y1 || item.box[1] - row.y0 <= ROW_TOLERANCE)) {
      row.items.push(item)
      row.y1 = Math.max(row.y1, item.box[3])
    } else rows.push({ y0: item.box[1], y1: item.box[3], items: [item] })
  }
  return rows.flatMap((r) =>
    r.items.sort((a, b) => (rtl ? b.box[2] - a.box[2] : a.box[0] - b.box[0]) || a.id - b.id)
  )
}

/**
 * Recursive XY-cut on whitespace: split into columns where a vertical band of whitespace runs the
 * full height of the region, else into horizontal slices, and recurse. Columns before slices,
 * so a shared paragraph break does not cut across columns; slices are re-joined as above.
 */
export function xyCut(items: readonly Box[], options: CutOptions): Box[] {
  if (items.length <= 1) return [...items]
  const columns = gutterColumns(items, options.minGutter)
  if (columns.length > 1) {
    if (isGrid(columns) && !isSubfigureRow(columns, options.rtl)) {
      options.onSplit?.('grid', columns)
      return byRows(items, options.rtl)
    }
    options.onSplit?.('columns', columns)
    if (options.rtl) columns.reverse()
    return columns.flatMap((c) => xyCut(c, options))
  }
  // Lines overrun a column's measure to the right: a right-to-left page's would run left.
  const unbanded =
    abuttingColumns(items, options.minGutter, options.rtl) ??
    tierColumns(items, options) ??
    narrowColumns(items, options.minGutter) ??
    (options.rtl ? null : overrunColumns(items, options.minGutter, options.linesOf))
  if (unbanded) {
    options.onSplit?.('columns', unbanded)
    if (options.rtl) unbanded.reverse()
    return unbanded.flatMap((c) => xyCut(c, options))
  }
  const slices = split(items, 1, 0.01)
  if (slices.length > 1) {
    const groups = mergeSlices(slices, options)
    if (groups.length > 1) return groups.flatMap((g) => xyCut(g, options))
    return slices.flatMap((s) => xyCut(s, options))
  }
  return byPosition(items, options.rtl)
}
