import { drawnForm } from '../layout/normalize.js'
import { lineText } from '../layout/line-text.js'
import type { Table } from '../layout/table-cells.js'
import { boundsOf, type BBox } from '../shared/layout.js'
import type { ViewBlock } from './page-view.js'

/**
 * One row of a table: the chunker never cuts inside it, and a chunk that starts inside a table
 * opens with its `header` rows again.
 */
export type TableRow = Readonly<{ text: string; bbox: BBox; header?: boolean }>

const oneLine = (text: string): string => drawnForm(text).replace(/\s+/gu, ' ').trim()

/**
 * The rows of a table the page text reads as one (layout/table-cells.ts, the one reading of
 * rows and columns): its cells in column order, separated by ` | `.
 */
export function tableRows(table: Table): TableRow[] {
  const rows: (typeof table.cells)[number][][] = Array.from({ length: table.rows }, () => [])
  for (const cell of table.cells) rows[cell.row]!.push(cell)
  return rows
    .map((cells, row) => ({
      text: cells
        .map((c) => oneLine(c.text))
        .filter((t) => t !== '')
        .join(' | '),
      bbox: boundsOf(cells.map((c) => c.bbox)),
      ...(row < table.headerRows && { header: true })
    }))
    .filter((row) => row.text !== '')
}

/**
 * The rows of a block of table rows, one per line; a reviewer's edit of it is split at its line
 * breaks.
 */
export function blockRows(only: ViewBlock, edited: boolean): TableRow[] {
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
