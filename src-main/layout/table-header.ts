/** A cell's text as the header finder reads it. */
type Written = Readonly<{ column: number; text: string }>

/** A figure: a count, sum, share or price, in the styles reports print them. */
const FIGURE = /^[-−–+(]?[$€£¥]?\s?\d[\d,.\u00a0\u202f ]*(%|‰|[kKmMbB]n?)?\)?[*†]?$/u

/**
 * A character no figure holds (whitespace aside, which no cell keeps): a line with one holds a
 * cell that is no figure, so figure tests can stop before cutting it into cells.
 */
export const NO_FIGURE_CHAR = /[^-−–+($€£¥\d,.%‰kKmMbBn)*†\s]/u

/** A year standing alone: a header over a column of figures as often as a figure. */
const YEAR = /^(1[89]|20)\d\d$/u

/** A placeholder for no figure ("–", "n/a"): neither text nor figure. */
const NO_FIGURE = /^([-−–—.…]+|n\/?a|nil|—)$/iu

export function isFigure(text: string): boolean {
  return FIGURE.test(text.trim())
}

/**
 * Columns whose cells below the first row are mostly figures: the columns a header row heads
 * with words (or years) and a body row fills with figures.
 */
export function numericColumns(rows: readonly (readonly Written[])[]): Set<number> {
  const counts = new Map<number, { figures: number; written: number }>()
  for (const row of rows.slice(1)) {
    for (const cell of row) {
      const text = cell.text.trim()
      if (text === '' || NO_FIGURE.test(text)) continue
      const count = counts.get(cell.column) ?? { figures: 0, written: 0 }
      count.written++
      if (isFigure(text)) count.figures++
      counts.set(cell.column, count)
    }
  }
  return new Set(
    [...counts].filter(([, c]) => c.figures >= c.written * FIGURE_SHARE).map(([column]) => column)
  )
}

/** The share of a column's written cells that are figures for it to be a column of figures. */
const FIGURE_SHARE = 0.6

/** More header rows than this are the table's first rows of text, not its header. */
const MAX_HEADER_ROWS = 3

type HeaderCell = Readonly<{ row: number; column: number; colSpan: number; text: string }>

/**
 * How many of the table's first rows head its columns. A row heads them while it spans columns
 * (a group's label over its sub-columns) or writes words, not figures, over the columns of
 * figures; the first row holding a figure there is the body's. A table with no column of figures
 * (all text) has its first row as header, as Markdown and most tables have it.
 */
export function headerRows(
  cells: readonly HeaderCell[],
  numeric: ReadonlySet<number>,
  rows: number
): number {
  if (numeric.size === 0) return rows > 1 ? 1 : 0
  let header = 0
  while (header < Math.min(MAX_HEADER_ROWS, rows - 1)) {
    const row = cells.filter((c) => c.row === header)
    // A group's label spans columns of figures; a body row's long label running on into an
    // empty column beside it spans none.
    const spans = row.some(
      (c) =>
        c.colSpan > 1 &&
        Array.from({ length: c.colSpan }, (_, k) => c.column + k).some((k) => numeric.has(k))
    )
    const overFigures = row.filter((c) => numeric.has(c.column))
    const words =
      overFigures.length > 0 &&
      overFigures.every((c) => !isFigure(c.text) || YEAR.test(c.text.trim()))
    if (!spans && !words) break
    if (!spans && header > 0 && yearsUnderHeads(row, cells, header, numeric)) break
    header++
  }
  return header
}

/**
 * A row whose figures are all years ("1956") under a row that already heads every column of
 * figures with a cell of its own, and that writes its label beside them: the first body row
 * holding a year, not a second header row (years that head columns stand under a group's label
 * spanning them, or over an empty stub).
 */
function yearsUnderHeads(
  row: readonly HeaderCell[],
  cells: readonly HeaderCell[],
  at: number,
  numeric: ReadonlySet<number>
): boolean {
  const above = cells.filter((c) => c.row === at - 1)
  const headed = [...numeric].every((column) =>
    above.some(
      (c) =>
        c.column === column && c.colSpan === 1 && (!isFigure(c.text) || YEAR.test(c.text.trim()))
    )
  )
  const labelled = row.some((c) => !numeric.has(c.column) && c.text.trim() !== '')
  return headed && labelled && row.every((c) => !numeric.has(c.column) || isFigure(c.text))
}
