import type { PageStatus } from '../shared/page.js'

/** What a reviewer's verdict must be for a page to become gold, unless the caller says otherwise. */
export const DEFAULT_GOLD_STATUSES: readonly PageStatus[] = ['approved', 'corrected']
