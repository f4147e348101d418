import type { PageLayout } from '../shared/layout.js'
import { geometricOrder } from './page-order.js'

/**
 * The page's reading order as block ids. A tagged document's structure tree is the author's
 * order and wins among the blocks it reaches; blocks outside it (artifacts such as running heads
 * or a transcript's line numbers) keep their geometric place. So the tagged blocks take the
 * slots tagged blocks hold in the geometric order, in the tree's order.
 */
export function readingOrder(layout: PageLayout): number[] {
  const geometric = geometricOrder(layout)
  const tree = layout.structureOrder
  if (!tree || tree.length === 0) return geometric
  const tagged = [...new Set(tree.filter((id) => id >= 0 && id < layout.blocks.length))]
  const inTree = new Set(tagged)
  let next = 0
  return geometric.map((id) => (inTree.has(id) ? (tagged[next++] ?? id) : id))
}
