import { blockTextDetail } from '../layout/block-text.js'
import { lineChars } from '../layout/frame.js'
import { analyzeOrder } from '../layout/page-order.js'
import { SUBFIGURE_LABEL } from '../layout/xy-cut.js'
import { EXCLUDED_ROLES } from '../shared/layout.js'
import type { Check } from './check.js'

/** A grid needs 4 cells: two aligned labels are a heading and its value, not a table. */
const MIN_CELLS = 4

/**
 * Cells of at most 3 characters are a figure's lettering or a small matrix ("a", "γ1", "yP", "*"):
 * read row by row they lose nothing a reviewer could mend (GeoTopo's figures).
 */
const LABEL_CHARS = 3

/**
 * Table and form regions, read row by row. Where Recto assembled the rows from separate blocks
 * whose tops line up, the cell order is its own reconstruction and a reviewer should look
 * (warn); where MuPDF already gave the table as one block of rows, the rows are the file's own
 * and the flag is a note (info).
 */
export const table: Check = ({ layout, roles }) => {
  const chars = (id: number): number =>
    layout.blocks[id]?.lines.reduce((n, line) => n + lineChars(line), 0) ?? 0
  // A running head set in two cells ("NIST SP 800-223" left, the title right) is no table a
  // reader meets: it is left out of the text.
  const read = (id: number): boolean => !EXCLUDED_ROLES.has(roles[id] ?? 'body')
  const captions = (grid: readonly number[]): number =>
    new Set(
      grid.flatMap((id) => {
        const block = layout.blocks[id]
        const letter = block && SUBFIGURE_LABEL.exec(blockTextDetail(block).text)?.[1]
        return letter ? [letter] : []
      })
    ).size
  const grids = analyzeOrder(layout)
    .grids.map((g) => g.filter(read))
    .filter((g) => g.length >= MIN_CELLS && g.some((id) => chars(id) > LABEL_CHARS))
    // Sub-figures side by side, captioned "(a) …", "(b) …": their plots' ticks, labels and
    // captions line up in rows, but they are figures (GeoTopo's pages 31, 38, 50, 82, 96).
    .filter((g) => captions(g) < 2)
  const inBlock = layout.blocks
    .filter((b) => read(b.id) && blockTextDetail(b).tabular)
    .map((b) => b.id)
  if (grids.length === 0 && inBlock.length === 0) return []
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
  return [
    {
      code: 'table',
      severity: grids.length > 0 ? 'warn' : 'info',
      message: parts.join('; '),
      evidence: { grids, tableBlocks: inBlock }
    }
  ]
}
