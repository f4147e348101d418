import type { FlagCode, Severity } from '../shared/flags.js'
import type { DocumentStatus } from '../shared/page.js'
import type { ReadableDB } from './db.js'
import type { QueueCursor } from './pages.js'

/** A document as the library lists it: its row and how far its pages are flagged and reviewed. */
export type DocumentReview = Readonly<{
  id: number
  name: string
  path: string
  bytes: number
  pageCount: number | null
  status: DocumentStatus
  error: string | null
  addedAt: string
  /** Pages by the severity of their worst flag. */
  flagged: Readonly<{ error: number; warn: number; info: number }>
  /** Pages the engine did not pass as ok. */
  toReview: number
  /** Pages a reviewer approved, corrected or rejected; one marked for OCR is still to review. */
  reviewed: number
}>

type DocumentReviewRow = {
  id: number
  name: string
  path: string
  bytes: number
  page_count: number | null
  status: DocumentStatus
  error: string | null
  added_at: string
  error_pages: number
  warn_pages: number
  info_pages: number
  to_review: number
  reviewed: number
}

/**
 * The library's rows, by name, `limit` documents at a time. The counts read only the columns an
 * index on pages (document_id, worst_severity, decision, status) holds: with that index the query
 * never touches the table; without it, SQLite reads each page row, layout included, because the
 * layout is stored before these columns.
 */
export function listDocumentReviews(
  db: ReadableDB,
  options: Readonly<{ limit?: number }> = {}
): DocumentReview[] {
  const rows = db
    .prepare(
      `SELECT d.id, d.name, d.path, d.bytes, d.page_count, d.status, d.error, d.added_at,
         coalesce(sum(p.worst_severity = 3), 0) AS error_pages,
         coalesce(sum(p.worst_severity = 2), 0) AS warn_pages,
         coalesce(sum(p.worst_severity = 1), 0) AS info_pages,
         coalesce(sum(p.decision <> 'ok'), 0) AS to_review,
         coalesce(sum(p.status NOT IN ('unreviewed', 'ocr')), 0) AS reviewed
       FROM (SELECT * FROM documents ORDER BY name, id LIMIT @limit) d
       LEFT JOIN pages p ON p.document_id = d.id
       -- Every column named: PostgreSQL groups a subquery's rows only by what it is told.
       GROUP BY d.id, d.name, d.path, d.bytes, d.page_count, d.status, d.error, d.added_at
       ORDER BY d.name, d.id`
    )
    .all({ limit: options.limit ?? 1000 }) as DocumentReviewRow[]
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    path: r.path,
    bytes: r.bytes,
    pageCount: r.page_count,
    status: r.status,
    error: r.error,
    addedAt: r.added_at,
    flagged: { error: r.error_pages, warn: r.warn_pages, info: r.info_pages },
    toReview: r.to_review,
    reviewed: r.reviewed
  }))
}

/** The page's place in the queue, to list the pages just before or after it. */
export function pageQueueCursor(
  db: ReadableDB,
  documentId: number,
  pageNo: number
): QueueCursor | undefined {
  const rank = db
    .prepare('SELECT rank FROM pages WHERE document_id = ? AND page_no = ?')
    .pluck()
    .get(documentId, pageNo) as number | undefined
  return rank === undefined ? undefined : { rank, documentId, page: pageNo }
}

export type PageFlagSeverity = Readonly<{
  documentId: number
  page: number
  code: FlagCode
  severity: Severity
}>

/** The flags, with their severities, of the listed pages (a queue screen's rows), in one query. */
export function flagSeverities(
  db: ReadableDB,
  pages: readonly Readonly<{ documentId: number; page: number }>[]
): PageFlagSeverity[] {
  if (pages.length === 0) return []
  const rows = pages.map(() => '(?, ?)').join(', ')
  return (
    db
      .prepare(
        `SELECT document_id, page_no, code, severity FROM flags
         WHERE (document_id, page_no) IN (VALUES ${rows})
         ORDER BY document_id, page_no,
           CASE severity WHEN 'error' THEN 0 WHEN 'warn' THEN 1 ELSE 2 END, code`
      )
      .all(pages.flatMap((p) => [p.documentId, p.page])) as {
      document_id: number
      page_no: number
      code: FlagCode
      severity: Severity
    }[]
  ).map((r) => ({ documentId: r.document_id, page: r.page_no, code: r.code, severity: r.severity }))
}
