import { column, type DrawnPage, type Run } from './drawn-pdf.js'
import { PROSE } from './prose.js'

const SUBJECTS = Object.values(PROSE)

/**
 * A page of `columns` justified columns of 10 pt prose `gutter` points apart, two paragraphs
 * each on unrelated subjects, drawn row by row across the columns as a layout program may emit
 * them. Set close enough (6 pt), MuPDF takes the gutter for a word space and each line runs on
 * from one column into the next. `paragraphs` holds the paragraphs as a reader reads them.
 */
export function gutterPage(
  columns: number,
  gutter: number
): { page: DrawnPage; paragraphs: string[] } {
  const size = 10
  const leading = 12
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
  runs.sort((a, b) => b.y - a.y || a.x - b.x)
  return { page: { runs }, paragraphs }
}
