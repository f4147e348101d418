import { column, type DrawnPage } from './drawn-pdf.js'
import { PROSE } from './prose.js'

export const NOTE =
  'Note: the reading room is closed for repairs during the first week of every month.'

/** The paragraph the note stands in: its fourth line ends "…packed in ice", the fifth goes on. */
export const NOTED_PARAGRAPH = `${PROSE.harbour} ${PROSE.orchard}`

/**
 * A paragraph of 10 pt prose with a note in 8 pt, indented, set after its `cut`-th line (inside a
 * sentence at 4, under the paragraph at its line count), the note's last line a word alone.
 */
export function notePage(cut: number): DrawnPage & { lines: number } {
  const lines = column(NOTED_PARAGRAPH, 72, 720, 300, 10, 12)
  const box = column(NOTE, 92, 720 - cut * 12 - 8, 260, 8, 9.6)
  return {
    lines: lines.length,
    runs: [
      ...lines.slice(0, cut),
      ...box,
      ...lines.slice(cut).map((r) => ({ ...r, y: r.y - box.length * 9.6 - 16 }))
    ]
  }
}
