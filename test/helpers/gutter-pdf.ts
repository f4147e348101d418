import { column, type DrawnPage, type Run } from './drawn-pdf.js'
import { PROSE } from './prose.js'

const SUBJECTS = Object.values(PROSE)

export type GutterOptions = Readonly<{
  /** Type size in points; lines are set 1.2 times as far apart. */
  size?: number
  /** Drawn a column at a time, as most producers do, instead of a row at a time across them. */
  byColumns?: boolean
}>

/**
 * A page of `columns` justified columns of prose `gutter` points apart, two paragraphs each on
 * unrelated subjects, drawn row by row across the columns as a layout program may emit them (or
 * column by column). Set close enough (6 pt), MuPDF takes the gutter for a word space and each
 * line runs on from one column into the next. `paragraphs` holds the paragraphs as a reader
 * reads them.
 */
export function gutterPage(
  columns: number,
  gutter: number,
  { size = 10, byColumns = false }: GutterOptions = {}
): { page: DrawnPage; paragraphs: string[] } {
  const leading = size * 1.2
  const width = (540 - (columns - 1) * gutter) / columns
  const paragraphs: string[] = []
  const runs: Run[] = []
  for (let c = 0; c < columns; c++) {
    let top = 720
    for (let p = 0; p < 2; p++) {
      const text = SUBJECTS[(c * 2 + p) % SUBJECTS.length]!
      paragraphs.push(text)
      const lines = column(text, 36 + c * (width + gutter), top, width, size, leading)
      runs.push(...lines)
      top -= (lines.length + 1) * leading
    }
  }
  if (!byColumns) runs.sort((a, b) => b.y - a.y || a.x - b.x)
  return { page: { runs }, paragraphs }
}
