import type { ReadableDB, WritableDB } from './db.js'

/** One line of the audit log. `detail` is a few words or a small object, never a password. */
export type AuditEntry = Readonly<{
  /** The account's name (or the name a failed login tried), or `cli:<user>` for the CLI. */
  actor: string
  /** `login`, `login failed`, `login refused`, an admin method (`documents.remove`), `users.…`. */
  action: string
  documentId?: number | null
  pageNo?: number | null
  detail?: Readonly<Record<string, unknown>>
}>

export type AuditRecord = Readonly<{
  id: number
  at: string
  actor: string
  action: string
  documentId: number | null
  pageNo: number | null
  detail: Record<string, unknown>
}>

export function recordAudit(db: WritableDB, entry: AuditEntry, now = new Date()): void {
  db.prepare(
    `INSERT INTO audit_log (at, actor, action, document_id, page_no, detail)
     VALUES (?, ?, ?, ?, ?, ?)`
  ).run(
    now.toISOString(),
    entry.actor,
    entry.action,
    entry.documentId ?? null,
    entry.pageNo ?? null,
    JSON.stringify(entry.detail ?? {})
  )
}

type Row = {
  id: number
  at: string
  actor: string
  action: string
  document_id: number | null
  page_no: number | null
  detail: string
}

/** The log, newest first: `limit` records before the record `before` (its id), if given. */
export function auditRecords(
  db: ReadableDB,
  options: Readonly<{ limit?: number; before?: number }> = {}
): AuditRecord[] {
  const rows = db
    .prepare(
      `SELECT id, at, actor, action, document_id, page_no, detail FROM audit_log
       WHERE (@before IS NULL OR id < @before) ORDER BY id DESC LIMIT @limit`
    )
    .all({ before: options.before ?? null, limit: options.limit ?? 1_000_000 }) as Row[]
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    actor: row.actor,
    action: row.action,
    documentId: row.document_id,
    pageNo: row.page_no,
    detail: JSON.parse(row.detail) as Record<string, unknown>
  }))
}
