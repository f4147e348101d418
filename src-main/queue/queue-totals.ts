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
