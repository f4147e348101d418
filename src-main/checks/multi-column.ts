import { analyzeOrder } from '../layout/page-order.js'
import type { Check } from './check.js'

/**
 * More than one column of running text side by side: the order was rebuilt from the page's
 * whitespace, and a wrong gutter interleaves columns, so a reviewer should glance at it. Tagged
 * pages take the author's order and need no look.
 */
export const multiColumn: Check = ({ layout }) => {
  const { columns } = analyzeOrder(layout)
  if (columns < 2) return []
  const tagged = (layout.structureOrder?.length ?? 0) > 0
  return [
    {
      code: 'multi_column',
      severity: tagged ? 'info' : 'warn',
      message: `${columns} columns side by side; reading order ${tagged ? 'taken from the tags' : 'rebuilt from the whitespace between them'}`,
      evidence: { columns, tagged }
    }
  ]
}
