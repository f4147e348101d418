import { blockTextDetail } from '../layout/block-text.js'
import { pageTables } from '../layout/table-cells.js'
import { isVerticalCjk, tableGrids } from '../layout/table-regions.js'
import { ELEMENT_ROLES, EXCLUDED_ROLES } from '../shared/layout.js'
import type { Check } from './check.js'

/**
 * Table and form regions, read row by row. Where Recto assembled the rows from separate blocks
 * whose tops line up, the cell order is its own reconstruction and a reviewer should look
 * (warn); where MuPDF already gave the table as one block of rows, or a block a row, the rows
 * are the file's own and the flag is a note (info). Vertical CJK never comes as rows (MuPDF gives
 * each glyph a line of its own): a block of such glyphs in table rows is Recto's assembly too.
 * The evidence's `tables` are the regions the text reads as tables, a row a line (table-cells.ts).
 */
export const table: Check = ({ layout, roles }) => {
  // A running head set in two cells ("NIST SP 800-223" left, the title right) is no table a
  // reader meets: it is left out of the text.
  const read = (id: number): boolean => !EXCLUDED_ROLES.has(roles[id] ?? 'body')
  // A bulleted list lines up in two columns, bullets and text: no table for all that.
  const rows = (id: number): boolean => read(id) && !ELEMENT_ROLES.has(roles[id] ?? 'body')
  const grids = tableGrids(layout, read)
  const inBlock = layout.blocks
    .filter((b) => rows(b.id) && blockTextDetail(b).tabular)
    .map((b) => b.id)
  const tables = pageTables(layout, read)
  if (grids.length === 0 && inBlock.length === 0 && tables.length === 0) return []
  const assembled = inBlock.some((id) => isVerticalCjk(layout.blocks[id]!))
  const cells = grids.reduce((n, g) => n + g.length, 0)
  const parts: string[] = []
  if (grids.length > 0) {
    parts.push(
      `${grids.length} grid${grids.length > 1 ? 's' : ''} of ${cells} blocks read row by row; cell order needs a look`
    )
  }
  if (inBlock.length > 0) {
    parts.push(`${inBlock.length} block${inBlock.length > 1 ? 's' : ''} of table rows`)
  }
  if (tables.length > 0) {
    const sizes = tables.map((t) => `${t.rows} rows, ${t.columns} columns`).join('; ')
    parts.push(`${tables.length} table${tables.length > 1 ? 's' : ''} read a row a line (${sizes})`)
  }
  return [
    {
      code: 'table',
      severity: grids.length > 0 || assembled ? 'warn' : 'info',
      message: parts.join('; '),
      evidence: { grids, tableBlocks: inBlock, tables: tables.map((t) => t.blocks) }
    }
  ]
}
