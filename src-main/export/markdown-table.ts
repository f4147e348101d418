import type { Table } from '../layout/table-cells.js'
import type { PageView } from './page-view.js'
import { escapeParagraph } from './markdown-block.js'
import { isEditedRegion, viewTables } from './page-tables.js'
import { columnLabels } from './table-html.js'

/** A cell's text as one Markdown table cell: on one line, its pipes escaped. */
function cellText(text: string): string {
  return text.replace(/\s+/gu, ' ').replaceAll('|', '\\|').trim()
}

/**
 * A table as a Markdown (GFM) table: its header rows as the one header row GFM has (a spanning
 * group's label before each of its columns' own), an empty header row where the table has none,
 * and its body rows.
 */
export function tableMarkdown(table: Table): string {
  const grid = Array.from({ length: table.rows }, () => Array<string>(table.columns).fill(''))
  for (const cell of table.cells) grid[cell.row]![cell.column] = cellText(cell.text)
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`
  const header = columnLabels(table).map(cellText)
  const body = grid.slice(table.headerRows)
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n')
}

/**
 * For each block of the page's tables (page-tables.ts), the Markdown written in its place: the
 * whole table where its first block falls in the reading order, nothing where the others do. The
 * blocks of a table the reviewer edited are paragraphs, edited or not, never tables of a block.
 */
export function markdownTables(view: PageView): Map<number, string> {
  const out = new Map<number, string>()
  for (const region of view.tables.regions) {
    if (!isEditedRegion(view, region)) continue
    for (const b of view.blocks) {
      if (region.includes(b.block.id)) out.set(b.block.id, escapeParagraph(b.text.trim()))
    }
  }
  for (const table of viewTables(view)) {
    const first = view.blocks.find((b) => table.blocks.includes(b.block.id))
    for (const id of table.blocks) out.set(id, '')
    if (first) out.set(first.block.id, tableMarkdown(table))
  }
  return out
}
