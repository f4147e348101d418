import { charStats } from '../checks/char-stats.js'
import type { PageLayout } from '../shared/layout.js'

/**
 * The little a document-level pass needs from each page, small enough to keep for every page of
 * a long document while layouts are extracted (in workers) and stored one by one. The
 * boilerplate pass adds what it compares across pages here (first and last lines).
 */
export type PageDigest = Readonly<{
  page: number
  /** Non-whitespace characters. */
  chars: number
}>

export function pageDigest(layout: PageLayout): PageDigest {
  return { page: layout.page, chars: charStats(layout).chars }
}
