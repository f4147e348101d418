import { treeVerdict } from '../layout/order.js'
import type { Check } from './check.js'

/**
 * The file's own reading structure gave the page's order (extract/structure.ts): its tag tree,
 * or failing that its article threads; or it was set aside because it broke sentences that the
 * page's geometry keeps whole (layout/order.ts), which a reviewer may want to know.
 */
export const tagged: Check = ({ layout }) => {
  const order = layout.structureOrder
  if (!order || order.length === 0) return []
  const { trusted: used, runOns } = treeVerdict(layout)
  return [
    {
      code: 'tagged',
      severity: 'info',
      message: used
        ? `the document's tags or article threads gave the order of ${order.length} of ${layout.blocks.length} blocks`
        : `the document's tags or article threads were set aside: their order keeps ${sentences(runOns.tree)} whole across blocks, the page's geometry ${runOns.geometric}`,
      evidence: {
        taggedBlocks: order.length,
        blocks: layout.blocks.length,
        used,
        sentencesKept: runOns
      }
    }
  ]
}

function sentences(n: number): string {
  return n === 1 ? '1 sentence' : `${n} sentences`
}
