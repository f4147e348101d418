import { setTimeout as sleep } from 'node:timers/promises'
import type PgBoss from 'pg-boss'
import { DEFAULT_POOL } from '../jobs/ingest.js'
import { ExtractionPool } from '../jobs/pool.js'
import { messageOf } from '../shared/error-message.js'
import {
  ingestStage,
  ocrStage,
  repairStage,
  type StageContext,
  type StageResult
} from './job-stages.js'
import { QUEUES, type QueueName } from './queues.js'

const STAGES: Record<QueueName, (context: StageContext, data: unknown) => Promise<StageResult>> = {
  [QUEUES.ingest]: ingestStage,
  [QUEUES.repair]: repairStage,
  [QUEUES.ocr]: ocrStage
}

/** How long an idle slot waits before it asks the queues again. */
const IDLE_MS = 1000

export type TakeJobsOptions = Readonly<{
  /** Jobs run at once, each a document on a thread of its own. */
  slots: number
  /** Whether this machine takes font repair and OCR jobs, besides ingest. */
  cascade: boolean
  onJob: (queue: QueueName, result: StageResult) => void
  onError: (queue: QueueName, reason: string) => void
}>

/** Jobs this worker ended, by how they ended. */
export type TakeJobsSummary = { done: number; failed: number; handedBack: number }

/**
 * Takes jobs from the project's queues until `context.signal` stops it: each slot asks ingest
 * first, then font repair, then OCR, and runs the one it gets. A stop hands the jobs under way
 * back to the queue (cancelled, then resumed: waiting again, its retries untouched) after their
 * stage kept what it finished; a job that throws is failed, and pg-boss retries it. A worker
 * killed outright leaves its jobs active until they expire, and pg-boss gives them to another.
 */
export async function takeJobs(
  context: Omit<StageContext, 'pool'>,
  options: TakeJobsOptions
): Promise<TakeJobsSummary> {
  const { boss, signal } = context
  const queues: QueueName[] = options.cascade
    ? [QUEUES.ingest, QUEUES.repair, QUEUES.ocr]
    : [QUEUES.ingest]
  const summary: TakeJobsSummary = { done: 0, failed: 0, handedBack: 0 }

  const next = async (): Promise<{ queue: QueueName; job: PgBoss.Job<unknown> } | null> => {
    for (const queue of queues) {
      const [job] = await boss.fetch<unknown>(queue, { batchSize: 1 })
      if (job) return { queue, job }
    }
    return null
  }

  const run = async (
    queue: QueueName,
    job: PgBoss.Job<unknown>,
    pool: ExtractionPool
  ): Promise<void> => {
    try {
      const result = await STAGES[queue]({ ...context, pool }, job.data)
      if (result.stopped) {
        await boss.cancel(queue, job.id)
        await boss.resume(queue, job.id)
        summary.handedBack++
      } else {
        await boss.complete(queue, job.id)
        summary.done++
      }
      options.onJob(queue, result)
    } catch (error) {
      // A store that no longer answers (its connection lost) would fail every job it took, each
      // to its retry limit: the worker ends instead, and the job returns when it expires.
      context.db.prepare('SELECT 1').get()
      const reason = messageOf(error)
      await boss.fail(queue, job.id, { message: reason })
      summary.failed++
      options.onError(queue, reason)
    }
  }

  // A slot's extraction thread loads MuPDF and opens its connection once, not once a document
  // (half a second each); a stop or a failed project closes it, and the next job starts another.
  const slot = async (): Promise<void> => {
    let pool: ExtractionPool | undefined
    try {
      while (!signal.aborted) {
        const taken = await next()
        if (pool === undefined || pool.closed) {
          pool = new ExtractionPool({
            ...DEFAULT_POOL,
            workers: 1,
            dbPath: context.db.name,
            behindReview: context.behindReview
          })
        }
        if (taken) await run(taken.queue, taken.job, pool)
        else await sleep(IDLE_MS, undefined, { signal }).catch(() => undefined)
      }
    } finally {
      await pool?.close()
    }
  }
  await Promise.all(Array.from({ length: options.slots }, slot))
  return summary
}
