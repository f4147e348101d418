import type { DocumentStatus } from '../shared/page.js'
import type { ReadableDB, WritableDB } from './db.js'

export type DocumentRow = Readonly<{
  id: number
  sha256: string
  /** File name when first added, e.g. `report.pdf`. */
  name: string
  /** Path when first added; every path it was seen under is in `documentPaths`. */
  path: string
  bytes: number
  pageCount: number | null
  title: string | null
  tagged: boolean
  status: DocumentStatus
  /** Why the document could not be ingested, in plain words; null unless status is `error`. */
  error: string | null
  addedAt: string
  ingestedAt: string | null
}>

type Row = {
  id: number
  sha256: string
  name: string
  path: string
  bytes: number
  page_count: number | null
  title: string | null
  tagged: number
  status: DocumentStatus
  error: string | null
  added_at: string
  ingested_at: string | null
}

function toDocument(row: Row): DocumentRow {
  return {
    id: row.id,
    sha256: row.sha256,
    name: row.name,
    path: row.path,
    bytes: row.bytes,
    pageCount: row.page_count,
    title: row.title,
    tagged: row.tagged === 1,
    status: row.status,
    error: row.error,
    addedAt: row.added_at,
    ingestedAt: row.ingested_at
  }
}

export type AddedDocument = Readonly<{
  document: DocumentRow
  /** False when these bytes were already in the project: adding them again changes nothing. */
  added: boolean
  /** True when the path had not been seen for these bytes before (a copy, a move, a rename). */
  newPath: boolean
}>

/** Adds a file by content: the same bytes under any path are one document. */
export function addDocument(
  db: WritableDB,
  file: Readonly<{ sha256: string; path: string; name: string; bytes: number }>,
  now: Date = new Date()
): AddedDocument {
  return db.transaction(() => {
    const at = now.toISOString()
    const inserted = db
      .prepare(
        `INSERT INTO documents (sha256, name, path, bytes, status, added_at)
         VALUES (?, ?, ?, ?, 'pending', ?) ON CONFLICT (sha256) DO NOTHING`
      )
      .run(file.sha256, file.name, file.path, file.bytes, at)
    const row = db.prepare('SELECT * FROM documents WHERE sha256 = ?').get(file.sha256) as Row
    const path = db
      .prepare(
        `INSERT INTO document_paths (document_id, path, seen_at) VALUES (?, ?, ?)
         ON CONFLICT (document_id, path) DO NOTHING`
      )
      .run(row.id, file.path, at)
    return {
      document: toDocument(row),
      added: inserted.changes === 1,
      newPath: path.changes === 1
    }
  })()
}

export function getDocument(db: ReadableDB, id: number): DocumentRow | undefined {
  const row = db.prepare('SELECT * FROM documents WHERE id = ?').get(id) as Row | undefined
  return row && toDocument(row)
}

export function findDocumentBySha256(db: ReadableDB, sha256: string): DocumentRow | undefined {
  const row = db.prepare('SELECT * FROM documents WHERE sha256 = ?').get(sha256) as Row | undefined
  return row && toDocument(row)
}

/** Every path the document's bytes were seen under, oldest first. */
export function documentPaths(db: ReadableDB, id: number): string[] {
  return db
    .prepare('SELECT path FROM document_paths WHERE document_id = ? ORDER BY seen_at, path')
    .pluck()
    .all(id) as string[]
}

/** Documents by id, `limit` at a time after `afterId`; optionally only those with one status. */
export function listDocuments(
  db: ReadableDB,
  options: Readonly<{ status?: DocumentStatus; afterId?: number; limit?: number }> = {}
): DocumentRow[] {
  const rows = db
    .prepare(
      `SELECT * FROM documents
       WHERE id > @afterId AND (@status IS NULL OR status = @status)
       ORDER BY id LIMIT @limit`
    )
    .all({
      afterId: options.afterId ?? 0,
      status: options.status ?? null,
      limit: options.limit ?? 100
    }) as Row[]
  return rows.map(toDocument)
}

export function countDocumentsByStatus(db: ReadableDB): Record<DocumentStatus, number> {
  const counts: Record<DocumentStatus, number> = { pending: 0, ingesting: 0, done: 0, error: 0 }
  const rows = db.prepare('SELECT status, count(*) AS n FROM documents GROUP BY status').all() as {
    status: DocumentStatus
    n: number
  }[]
  for (const row of rows) counts[row.status] = row.n
  return counts
}

/** A status change the document's current status does not allow. */
export class DocumentStatusError extends Error {
  override name = 'DocumentStatusError'
}

function transition(
  db: WritableDB,
  id: number,
  from: readonly DocumentStatus[],
  sql: string,
  params: Record<string, unknown>
): void {
  const placeholders = from.map((s) => `'${s}'`).join(', ')
  const result = db
    .prepare(`UPDATE documents SET ${sql} WHERE id = @id AND status IN (${placeholders})`)
    .run({ ...params, id })
  if (result.changes === 1) return
  const current = getDocument(db, id)
  throw new DocumentStatusError(
    current
      ? `document ${id} is ${current.status}, expected ${from.join(' or ')}`
      : `no document ${id}`
  )
}

/** The file opened: its pages are about to be stored (again, when resuming or retrying). */
export function markIngesting(
  db: WritableDB,
  id: number,
  info: Readonly<{ pageCount: number; title: string | null; tagged: boolean }>
): void {
  transition(
    db,
    id,
    ['pending', 'ingesting', 'error'],
    `status = 'ingesting', error = NULL, page_count = @pageCount, title = @title, tagged = @tagged`,
    { pageCount: info.pageCount, title: info.title, tagged: info.tagged ? 1 : 0 }
  )
}

/** Every page is stored and the document-level pass has run. */
export function markDone(db: WritableDB, id: number, now: Date = new Date()): void {
  transition(db, id, ['ingesting'], `status = 'done', ingested_at = @at`, {
    at: now.toISOString()
  })
}

/** A document in error queued to be read again (ingest --queue --retry-errors): waiting again. */
export function markPending(db: WritableDB, id: number): void {
  transition(db, id, ['error'], `status = 'pending', error = NULL`, {})
}

/** The file cannot be (fully) ingested; pages stored before the failure are kept. */
export function markError(db: WritableDB, id: number, reason: string): void {
  transition(db, id, ['pending', 'ingesting', 'error'], `status = 'error', error = @reason`, {
    reason
  })
}

/**
 * Takes a document out of the project with everything it holds (its paths, pages, flags and
 * revisions go with it by their foreign keys; its font programs' link is removed here, the
 * learned maps stay for other documents that embed the same fonts). True if it was there.
 */
export function removeDocument(db: WritableDB, id: number): boolean {
  return db.transaction(() => {
    db.prepare('DELETE FROM document_font_programs WHERE document_id = ?').run(id)
    return db.prepare('DELETE FROM documents WHERE id = ?').run(id).changes > 0
  })()
}
