import { claimRefusal } from '../shared/claim-refusal.js'
import { pageClaim, renewClaim, type PageKey } from '../store/claims.js'
import type { Context } from './context.js'
import { AppError } from './errors.js'

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
