import type { FlagCode } from '../shared/flags.js'
import type { PageStatus } from '../shared/page.js'
import type { ReadableDB } from '../store/db.js'
import { countGoldPages, documentNames, goldPages } from '../store/export-queries.js'
import { documentStems, pageEntryName } from './entry-name.js'
import { DEFAULT_GOLD_STATUSES } from './gold-statuses.js'

export type GoldEntrySummary = Readonly<{
  entry: string
  documentId: number
  documentName: string
  pageNo: number
  status: PageStatus
  flags: readonly FlagCode[]
  reviewer: string | null
  time: string | null
}>

/** The pages a per-page gold export writes, under the entry names it gives them. */
export function goldEntries(
  db: ReadableDB,
  limit: number
): { total: number; items: GoldEntrySummary[] } {
  const stems = documentStems(documentNames(db))
  const items = goldPages(db, DEFAULT_GOLD_STATUSES, limit).map((row) => ({
    entry: pageEntryName(stems.get(row.documentId) ?? `document-${row.documentId}`, row.page),
    documentId: row.documentId,
    documentName: row.documentName,
    pageNo: row.page,
    status: row.status,
    flags: row.flags as FlagCode[],
    reviewer: row.reviewer,
    time: row.time
  }))
  return { total: countGoldPages(db, DEFAULT_GOLD_STATUSES), items }
}
