import type { BlockRole, PageLayout } from '../shared/layout.js'
import { analyzeOrder } from './page-order.js'

/** Roles a side box takes over: its label, set larger than the text, may have been a heading. */
const TAKEN: ReadonlySet<BlockRole> = new Set(['body', 'heading'])

/**
 * Side boxes the order reads outside the flow (a booklet's "CAUTION" beside a paragraph, see
 * side-boxes.ts) are asides: text beside the page's text, not part of it, so that a pipeline can
 * tell a box from the sentence it stands beside. Running heads and noise keep their role.
 */
export function markAsides(layout: PageLayout, roles: BlockRole[]): void {
  for (const id of analyzeOrder(layout).asides) {
    if (TAKEN.has(roles[id] ?? 'body')) roles[id] = 'aside'
  }
}
