import type { ReadableDB } from '../store/db.js'
import { vlmPages, vlmSpent } from '../store/vlm-usage.js'
import type { PlanSummary } from '../shared/plan-summary.js'
import { CostTally, vlmScheme } from '../vlm/pricing.js'
import type { Pricing } from './plan-tally.js'

/**
 * What the project's pages sent to a vision model cost as stored, and what the pricing file's
 * scheme for that model estimates for the same pages: how far to trust the plan's estimate of the
 * next run. Null when no page was ever sent. Where pages were billed in several currencies, the
 * pricing file's is shown (or the first).
 */
export function visionSpent(db: ReadableDB, pricing: Pricing): PlanSummary['visionSpent'] | null {
  const spent = vlmSpent(db)
  if (spent.length === 0) return null
  const prices = typeof pricing.prices === 'object' ? pricing.prices : null
  const own = spent.find((s) => s.currency === prices?.currency) ?? spent[0]!
  if (!prices) return { ...own, scheme: null, estimate: null }
  const scheme = vlmScheme(prices)
  const tally = new CostTally(scheme)
  const size = db.prepare('SELECT width, height FROM pages WHERE document_id = ? AND page_no = ?')
  for (const page of vlmPages(db)) {
    const row = size.get(page.documentId, page.page) as
      { width: number; height: number } | undefined
    if (row) tally.add(row.width, row.height)
  }
  return { ...own, scheme: scheme.name, estimate: tally.cost }
}
