import type { Check } from './check.js'

/**
 * The file's own reading structure gave the page's order (extract/structure.ts): its tag tree,
 * or failing that its article threads.
 */
export const tagged: Check = ({ layout }) => {
  const order = layout.structureOrder
  if (!order || order.length === 0) return []
  return [
    {
      code: 'tagged',
      severity: 'info',
      message: `the document's tags or article threads gave the order of ${order.length} of ${layout.blocks.length} blocks`,
      evidence: { taggedBlocks: order.length, blocks: layout.blocks.length }
    }
  ]
}
