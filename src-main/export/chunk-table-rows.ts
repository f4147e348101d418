import { drawnForm } from '../layout/normalize.js'
import { lineText } from '../layout/line-text.js'
import { boundsOf, type BBox } from '../shared/layout.js'
import type { ViewBlock } from './page-view.js'

/** One row of a table: the chunker never cuts inside it. */
export type TableRow = Readonly<{ text: string; bbox: BBox }>

const oneLine = (text: string): string => drawnForm(text).replace(/\s+/gu, ' ').trim()

/**
 * The rows of a table as the engine knows them today (the `table` check's evidence): a block of
 * table rows holds one row per line, and a grid's cell blocks make a row where their vertical
 * extents overlap, cells read left to right and separated by ` | `. A reviewer's edit of a row
 * block is split at its line breaks. This is the one place that says what a row is, so the
 * chunker can take rows from a table model when the layout carries one.
 */
export function tableRows(cells: readonly ViewBlock[], edited: boolean): TableRow[] {
  const [only] = cells
  if (cells.length === 1 && only) {
    const lines = only.block.lines
    const texts = edited ? only.text.split('\n') : lines.map((line) => lineText(line, false))
    const rows = texts.map((text, i) => ({
      text: oneLine(text),
      // An edit may change the number of lines; its rows then share the block's box.
      bbox:
        edited && texts.length !== lines.length
          ? only.block.bbox
          : (lines[i]?.bbox ?? only.block.bbox)
    }))
    return rows.filter((row) => row.text !== '')
  }
  const sorted = [...cells].sort((a, b) => a.block.bbox[1] - b.block.bbox[1])
  const rows: ViewBlock[][] = []
  for (const cell of sorted) {
    const row = rows.at(-1)
    const mid = (cell.block.bbox[1] + cell.block.bbox[3]) / 2
    if (row?.some((c) => mid > c.block.bbox[1] && mid < c.block.bbox[3])) row.push(cell)
    else rows.push([cell])
  }
  return rows
    .map((row) => {
      row.sort((a, b) => a.block.bbox[0] - b.block.bbox[0])
      const text = row
        .map((c) => oneLine(c.text))
        .filter((t) => t !== '')
        .join(' | ')
      return { text, bbox: boundsOf(row.map((c) => c.block.bbox)) }
    })
    .filter((row) => row.text !== '')
}
