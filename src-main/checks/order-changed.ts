import { EXCLUDED_ROLES } from '../shared/layout.js'
import { lowerBound } from '../shared/sorted.js'
import type { Check } from './check.js'

/** Length of the longest increasing run of ids kept in order (patience sorting). */
function longestInOrder(ids: readonly number[]): number {
  const tails: number[] = []
  for (const id of ids) tails[lowerBound(tails, id)] = id
  return tails.length
}

/**
 * The reading order differs from the file's drawing order: the blocks that had to move are those
 * outside the longest run already in drawing order. Info only; whether the new order is right is
 * what `multi_column` and `table` ask a reviewer to look at.
 */
export const orderChanged: Check = ({ order, roles }) => {
  const kept = order.filter((id) => !EXCLUDED_ROLES.has(roles[id] ?? 'body'))
  if (kept.length < 2) return []
  const moved = kept.length - longestInOrder(kept)
  if (moved === 0) return []
  return [
    {
      code: 'order_changed',
      severity: 'info',
      message: `${moved} of ${kept.length} blocks read in a different place than the file draws them`,
      evidence: { moved, blocks: kept.length }
    }
  ]
}
