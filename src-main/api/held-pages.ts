import { pageClaim, type PageKey } from '../store/claims.js'
import type { Context } from './context.js'

/**
 * Whether another reviewer holds a live claim on the page. An action across pages (teach,
 * replace, a batch's undo) leaves such a page to its holder: a revision slipped under their open
 * editor would be lost to their next save, or their unsaved edits to the reload it causes. Alone
 * on a project nobody claims anything, so nothing is left out.
 */
export function heldByAnother(ctx: Context, page: PageKey): string | null {
  const claim = pageClaim(ctx.db, page)
  return claim !== null && claim.holder !== ctx.author ? claim.holder : null
}

type PageSkip = { documentId: number; pageNo: number; reason: string }

/** True, with the page listed as skipped, when another reviewer holds it. */
export function skippedWhileHeld(ctx: Context, page: PageKey, skipped: PageSkip[]): boolean {
  const holder = heldByAnother(ctx, page)
  if (holder === null) return false
  skipped.push({ ...page, reason: `held by ${holder}` })
  return true
}
