import type { ReadableDB } from '../store/db.js'

/** Where the project's queued work stands, summed over every worker. */
export type QueueTotals = Readonly<{
  /** Documents queued for ingest, and those whose ingest job has ended. */
  files: { done: number; total: number }
  /** Jobs of any stage (ingest, font repair, OCR) waiting or under way. */
  waiting: number
  /** Pages stored of the documents queued for ingest, and of all their pages known so far. */
  pages: { done: number; total: number }
  /** Jobs that failed for good (pg-boss retried them until its limit). */
  failed: number
}>

/**
 * The totals as the database has them: pg-boss's jobs (a state from completed on is done: completed,
 * cancelled, failed),
 * and the pages every worker stored for the documents queued. Null for a project that never
 * queued anything (no pg-boss schema yet).
 */
export function queueTotals(db: ReadableDB): QueueTotals | null {
  if (db.prepare(`SELECT to_regclass('pgboss.job') IS NOT NULL`).pluck().get() !== 1) return null
  const jobs = db
    .prepare(
      `SELECT count(*) FILTER (WHERE name = 'recto-ingest') AS total,
         count(*) FILTER (WHERE name = 'recto-ingest' AND state >= 'completed') AS done,
         count(*) FILTER (WHERE state < 'completed') AS waiting,
         count(*) FILTER (WHERE state = 'failed') AS failed
       FROM pgboss.job WHERE name LIKE 'recto-%'`
    )
    .get() as { total: number; done: number; waiting: number; failed: number }
  const pages = db
    .prepare(
      `SELECT coalesce(sum(d.page_count), 0) AS total,
         coalesce(sum((SELECT count(*) FROM pages p WHERE p.document_id = d.id)), 0) AS done
       FROM documents d
       WHERE d.id IN (SELECT (data->>'documentId')::bigint FROM pgboss.job
         WHERE name = 'recto-ingest')`
    )
    .get() as { total: number; done: number }
  return {
    files: { done: jobs.done, total: jobs.total },
    waiting: jobs.waiting,
    pages: { done: pages.done, total: pages.total },
    failed: jobs.failed
  }
}

/** Where some queued documents stand, whichever workers read them. */
export type DocumentsTotals = Readonly<{
  /** Documents done or recorded in error. */
  ended: number
  pages: { done: number; total: number }
  failed: readonly Readonly<{ path: string; reason: string }>[]
}>

export function documentsTotals(db: ReadableDB, ids: readonly number[]): DocumentsTotals {
  const rows = db
    .prepare(
      `SELECT d.path, d.status, d.error, coalesce(d.page_count, 0) AS pages,
         (SELECT count(*) FROM pages p WHERE p.document_id = d.id) AS stored
       FROM documents d WHERE d.id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))`
    )
    .all(JSON.stringify(ids)) as {
    path: string
    status: string
    error: string | null
    pages: number
    stored: number
  }[]
  const failed = rows.filter((row) => row.status === 'error')
  return {
    ended: rows.filter((row) => row.status === 'done').length + failed.length,
    pages: {
      done: rows.reduce((sum, row) => sum + row.stored, 0),
      total: rows.reduce((sum, row) => sum + row.pages, 0)
    },
    failed: failed.map((row) => ({ path: row.path, reason: row.error ?? 'failed' }))
  }
}
