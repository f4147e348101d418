import type { PageStatus } from '../shared/page.js'
import type { ReadableDB } from './db.js'
import { AWAITS_ADJUDICATION } from './keyings.js'

/** A page an export visits, in (document, page) order. */
export type ExportPageRef = Readonly<{ documentId: number; page: number; status: PageStatus }>

/** Where a walk over pages stopped; pass the last ref of one batch to get the next. */
export type ExportCursor = Readonly<{ documentId: number; page: number }>

type RefRow = { document_id: number; page_no: number; status: PageStatus }

/**
 * Pages whose current status (mirrored from the latest revision into `pages.status`) is one of
 * `statuses`, or every page when `statuses` is null, `limit` at a time after `after`. Exports walk
 * the corpus in batches like this so that nothing holds the whole project in memory and the
 * connection is free for other queries between batches.
 */
export function exportPageRefs(
  db: ReadableDB,
  statuses: readonly PageStatus[] | null,
  after: ExportCursor | null,
  limit: number
): ExportPageRef[] {
  const rows = db
    .prepare(
      `SELECT document_id, page_no, status FROM pages
       WHERE (document_id, page_no) > (@documentId, @page)
         AND (@statuses IS NULL OR status IN (SELECT value FROM json_each(@statuses)))
       ORDER BY document_id, page_no
       LIMIT @limit`
    )
    .all({
      documentId: after?.documentId ?? 0,
      page: after?.page ?? 0,
      statuses: statuses === null ? null : JSON.stringify(statuses),
      limit
    }) as RefRow[]
  return rows.map((r) => ({ documentId: r.document_id, page: r.page_no, status: r.status }))
}

/** How many pages an export with these statuses (null: all) will visit, for its progress bar. */
export function countExportPages(db: ReadableDB, statuses: readonly PageStatus[] | null): number {
  return db
    .prepare(
      `SELECT count(*) FROM pages
       WHERE @statuses IS NULL OR status IN (SELECT value FROM json_each(@statuses))`
    )
    .pluck()
    .get({ statuses: statuses === null ? null : JSON.stringify(statuses) }) as number
}

/** Every document's id, name and hash, by id: what entry names are derived from. */
export function documentNames(db: ReadableDB): { id: number; name: string; sha256: string }[] {
  return db.prepare('SELECT id, name, sha256 FROM documents ORDER BY id').all() as {
    id: number
    name: string
    sha256: string
  }[]
}

/** A page that is (or would become) a gold entry, as the Gold screen lists it. */
export type GoldPageRow = Readonly<{
  documentId: number
  documentName: string
  page: number
  status: PageStatus
  /** Author and time of the page's latest revision; null if it has none. */
  reviewer: string | null
  time: string | null
  flags: readonly string[]
}>

type GoldRow = {
  document_id: number
  name: string
  page_no: number
  status: PageStatus
  author: string | null
  created_at: string | null
  flags: string
}

/**
 * On `pages p`: the page is a gold entry, with one of `@statuses` and not double-keyed and waiting
 * for its keyings or adjudication (which the gold export leaves out by the same rule).
 */
const GOLD_PAGE = `p.status IN (SELECT value FROM json_each(@statuses)) AND NOT ${AWAITS_ADJUDICATION}`

/** How many gold entries a per-page export with these statuses writes. */
export function countGoldPages(db: ReadableDB, statuses: readonly PageStatus[]): number {
  return db
    .prepare(`SELECT count(*) FROM pages p WHERE ${GOLD_PAGE}`)
    .pluck()
    .get({ statuses: JSON.stringify(statuses) }) as number
}

/** The first `limit` gold pages with one of `statuses`, in (document, page) order, with their flags. */
export function goldPages(
  db: ReadableDB,
  statuses: readonly PageStatus[],
  limit: number
): GoldPageRow[] {
  const rows = db
    .prepare(
      `SELECT p.document_id, d.name, p.page_no, p.status, r.author, r.created_at,
         (SELECT json_group_array(code) FROM flags f
          WHERE f.document_id = p.document_id AND f.page_no = p.page_no) AS flags
       FROM pages p
       JOIN documents d ON d.id = p.document_id
       LEFT JOIN revisions r ON r.id = (
         SELECT max(id) FROM revisions
         WHERE document_id = p.document_id AND page_no = p.page_no)
       WHERE ${GOLD_PAGE}
       ORDER BY p.document_id, p.page_no
       LIMIT @limit`
    )
    .all({ statuses: JSON.stringify(statuses), limit }) as GoldRow[]
  return rows.map((r) => ({
    documentId: r.document_id,
    documentName: r.name,
    page: r.page_no,
    status: r.status,
    reviewer: r.author,
    time: r.created_at,
    flags: (JSON.parse(r.flags) as string[]).sort()
  }))
}
