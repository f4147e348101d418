import type { ReadableDB } from './db.js'

/** A gap between two of a reviewer's revisions longer than this is a break, not review time. */
export const IDLE_MS = 10 * 60 * 1000

/** What one reviewer did, from the revisions they signed. */
export type ReviewerFigures = Readonly<{
  reviewer: string
  /** Pages they revised at least once. */
  pages: number
  /** Time at work: the gaps between their revisions, each break counted as none. */
  activeMinutes: number
  pagesPerHour: number | null
  /** Pages whose last revision of theirs approved the extraction as it was. */
  approvals: number
  /** Pages whose last revision of theirs corrected it. */
  corrections: number
  /** Of the pages they approved or corrected, those someone else revised after them. */
  reworked: number
}>

type Row = {
  author: string
  document_id: number
  page_no: number
  created_at: string
  status: string
}

/**
 * Figures per reviewer from the whole revision history (Recto's own revisions, signed `recto`,
 * left out), in one pass over it in order.
 */
export function reviewerReport(db: ReadableDB): ReviewerFigures[] {
  type Tally = { pages: Map<string, string>; active: number; last: number; reworked: Set<string> }
  const tallies = new Map<string, Tally>()
  const lastAuthor = new Map<string, string>()
  const rows = db
    .prepare(
      `SELECT author, document_id, page_no, created_at, status FROM revisions
       WHERE author <> 'recto' ORDER BY id`
    )
    .iterate() as Iterable<Row>
  for (const row of rows) {
    const page = `${row.document_id}/${row.page_no}`
    const at = Date.parse(row.created_at)
    let tally = tallies.get(row.author)
    if (!tally) {
      tally = { pages: new Map(), active: 0, last: at, reworked: new Set() }
      tallies.set(row.author, tally)
    }
    const gap = at - tally.last
    if (gap > 0 && gap <= IDLE_MS) tally.active += gap
    tally.last = at
    const before = lastAuthor.get(page)
    if (before !== undefined && before !== row.author) {
      const status = tallies.get(before)?.pages.get(page)
      if (status === 'approved' || status === 'corrected') tallies.get(before)!.reworked.add(page)
    }
    tally.pages.set(page, row.status)
    lastAuthor.set(page, row.author)
  }
  return [...tallies]
    .map(([reviewer, tally]) => {
      const statuses = [...tally.pages.values()]
      const hours = tally.active / 3_600_000
      return {
        reviewer,
        pages: tally.pages.size,
        activeMinutes: Math.round(tally.active / 60_000),
        pagesPerHour: hours > 0 ? Math.round((tally.pages.size / hours) * 10) / 10 : null,
        approvals: statuses.filter((s) => s === 'approved').length,
        corrections: statuses.filter((s) => s === 'corrected').length,
        reworked: tally.reworked.size
      }
    })
    .sort((a, b) => a.reviewer.localeCompare(b.reviewer))
}
