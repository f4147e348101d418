import type { Check } from './check.js'

/** The document's structure tree gave the page's reading order (extract/structure.ts). */
export const tagged: Check = ({ layout }) => {
  const order = layout.structureOrder
  if (!order || order.length === 0) return []
  return [
    {
      code: 'tagged',
      severity: 'info',
      message: `the structure tree (tags) gave the order of ${order.length} of ${layout.blocks.length} blocks`,
      evidence: { taggedBlocks: order.length, blocks: layout.blocks.length }
    }
  ]
}
