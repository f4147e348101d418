import type { Flag, FlagCode, Severity } from '../shared/flags.js'
import type { ReadableDB, WritableDB } from './db.js'
import { statement } from './statements.js'
import { storedText } from './stored-text.js'

const SEVERITY_RANK: Readonly<Record<Severity, number>> = { info: 1, warn: 2, error: 3 }

/** 0 when there is no flag, else 1 (info), 2 (warn) or 3 (error): `pages.worst_severity`. */
export function worstSeverity(flags: readonly Flag[]): number {
  return flags.reduce((worst, f) => Math.max(worst, SEVERITY_RANK[f.severity]), 0)
}

/**
 * Replaces a page's flags. The page row must already hold its final status and rank: each flag
 * copies them for the flag-filtered queue. Callers run this inside their page transaction.
 */
export function replacePageFlags(
  db: WritableDB,
  documentId: number,
  pageNo: number,
  flags: readonly Flag[]
): void {
  statement(db, 'DELETE FROM flags WHERE document_id = ? AND page_no = ?').run(documentId, pageNo)
  const insert = statement(
    db,
    `INSERT INTO flags (document_id, page_no, code, severity, message, evidence, page_status, page_rank)
     SELECT document_id, page_no, @code, @severity, @message, @evidence, status, rank
     FROM pages WHERE document_id = @documentId AND page_no = @pageNo`
  )
  for (const flag of flags) {
    insert.run({
      documentId,
      pageNo,
      code: flag.code,
      severity: flag.severity,
      message: storedText(flag.message),
      evidence: JSON.stringify(flag.evidence)
    })
  }
}

type FlagRow = { code: FlagCode; severity: Severity; message: string; evidence: string }

/** A page's flags, worst first. */
export function pageFlags(db: ReadableDB, documentId: number, pageNo: number): Flag[] {
  const rows = db
    .prepare(
      `SELECT code, severity, message, evidence FROM flags
       WHERE document_id = ? AND page_no = ?
       ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warn' THEN 1 ELSE 2 END, code`
    )
    .all(documentId, pageNo) as FlagRow[]
  return rows.map((r) => ({
    code: r.code,
    severity: r.severity,
    message: r.message,
    evidence: JSON.parse(r.evidence) as Record<string, unknown>
  }))
}

export type FlagCount = Readonly<{ code: FlagCode; pages: number }>

/**
 * How many pages carry each flag, for the queue's filter menu. Counts walk the flags index
 * (no table rows are read); for one document they use its primary-key range.
 */
export function countFlags(
  db: ReadableDB,
  filter: Readonly<{ documentId?: number }> = {}
): FlagCount[] {
  const rows =
    filter.documentId === undefined
      ? db.prepare('SELECT code, count(*) AS pages FROM flags GROUP BY code ORDER BY code').all()
      : db
          .prepare(
            `SELECT code, count(*) AS pages FROM flags WHERE document_id = ?
             GROUP BY code ORDER BY code`
          )
          .all(filter.documentId)
  return rows as FlagCount[]
}

export type DamagedPage = Readonly<{ page: number; damage: string }>

/** A document's pages flagged damaged_page, with why MuPDF could not read them, in page order. */
export function damagedPages(db: ReadableDB, documentId: number): DamagedPage[] {
  const rows = db
    .prepare(
      `SELECT page_no, evidence FROM flags WHERE document_id = ? AND code = 'damaged_page'
       ORDER BY page_no`
    )
    .all(documentId) as { page_no: number; evidence: string }[]
  return rows.map((r) => ({
    page: r.page_no,
    damage: String((JSON.parse(r.evidence) as { damage?: unknown }).damage)
  }))
}
