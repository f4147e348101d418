import type { RpcError } from '../shared/contract.js'
import { pageClaim, renewClaim, type PageKey } from '../store/claims.js'
import type { Context } from './context.js'
import { AppError } from './errors.js'

const HELD_BY = 'page held by '
const CLAIM_FIRST = 'claim the page first'

/** Why a reviewer may not change a page: another holds it, or nobody does. */
export function claimRefusal(holder: string | null): string {
  return holder === null ? CLAIM_FIRST : `${HELD_BY}${holder}`
}

/** Whether a call failed for want of the page's claim (the server answers it 409). */
export function isClaimRefusal(error: RpcError): boolean {
  return (
    error.code === 'conflict' &&
    (error.message === CLAIM_FIRST || error.message.startsWith(HELD_BY))
  )
}

/**
 * Renews the caller's claim on the page, or refuses the write. Called inside the transaction that
 * writes the page: the renewal's row lock (PostgreSQL) or the one writer (SQLite) keeps a release,
 * a lapse or another reviewer's takeover from coming between the check and the commit. Alone on a
 * project (no claimant) nothing is checked.
 */
export function requireClaim(ctx: Context, page: PageKey): void {
  if (ctx.claimant === undefined) return
  if (renewClaim(ctx.db, ctx.claimant, page)) return
  throw new AppError('conflict', claimRefusal(pageClaim(ctx.db, page)?.holder ?? null))
}
