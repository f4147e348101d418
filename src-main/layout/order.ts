import type { PageLayout } from '../shared/layout.js'
import { geometricOrder } from './page-order.js'

/**
 * The page's reading order as block ids. A tagged document's structure tree is the author's
 * order and wins (blocks it does not reach follow in geometric order); otherwise the order comes
 * from the page's geometry (page-order.ts).
 */
export function readingOrder(layout: PageLayout): number[] {
  const geometric = geometricOrder(layout)
  const tagged = layout.structureOrder
  if (!tagged || tagged.length === 0) return geometric
  const seen = new Set<number>()
  const order: number[] = []
  for (const id of tagged) {
    if (id >= 0 && id < layout.blocks.length && !seen.has(id)) {
      seen.add(id)
      order.push(id)
    }
  }
  for (const id of geometric) if (!seen.has(id)) order.push(id)
  return order
}
