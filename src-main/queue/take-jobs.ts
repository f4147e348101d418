import { setTimeout as sleep } from 'node:timers/promises'
import type PgBoss from 'pg-boss'
import { DEFAULT_POOL } from '../jobs/ingest.js'
import { ExtractionPool } from '../jobs/pool.js'
import { messageOf } from '../shared/error-message.js'
import { JobHeartbeat } from './heartbeat.js'
import {
  ingestStage,
  ocrStage,
  repairStage,
  type StageContext,
  type StageResult
} from './job-stages.js'
import { throughOutages } from './outages.js'
import { reasonIsOutage, unreachableMessage } from '../store/postgres/unreachable.js'
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
  /** The database stopped answering (said once an outage); the worker waits and goes on. */
  onOutage?: (reason: string) => void
}>

/** Jobs this worker ended, by how they ended. */
export type TakeJobsSummary = { done: number; failed: number; handedBack: number }

/**
 * Takes jobs from the project's queues until `context.signal` stops it: each slot asks ingest
 * first, then font repair, then OCR, and runs the one it gets. A stop hands the jobs under way
 * back to the queue (cancelled, then resumed: waiting again, its retries untouched) after their
 * stage kept what it finished; a job that throws is failed, and pg-boss retries it. A database
 * restart is waited out: the job under way runs again from what its stage stored (its lease kept
 * by the heartbeat), an idle slot asks again. A worker killed outright stops beating, and its
 * jobs go back to the queue when their lease lapses.
 */
export async function takeJobs(
  context: Omit<StageContext, 'pool'>,
  options: TakeJobsOptions
): Promise<TakeJobsSummary> {
  const { boss, signal, db } = context
  const queues: QueueName[] = options.cascade
    ? [QUEUES.ingest, QUEUES.repair, QUEUES.ocr]
    : [QUEUES.ingest]
  const summary: TakeJobsSummary = { done: 0, failed: 0, handedBack: 0 }
  const heartbeat = new JobHeartbeat(boss)
  let down = false
  const outage = (reason: string) => {
    if (!down) options.onOutage?.(reasonIsOutage(reason) ? reason : unreachableMessage(reason))
    down = true
  }
  const surviving = async <T>(step: () => Promise<T>): Promise<T | undefined> => {
    const result = await throughOutages(db, signal, step, outage)
    down = false
    return result
  }

  const next = async (): Promise<{ queue: QueueName; job: PgBoss.Job<unknown> } | null> => {
    for (const queue of queues) {
      const [job] = (await surviving(() => boss.fetch<unknown>(queue, { batchSize: 1 }))) ?? []
      if (job) return { queue, job }
    }
    return null
  }

  const run = async (
    queue: QueueName,
    job: PgBoss.Job<unknown>,
    slot: { pool: ExtractionPool | undefined }
  ): Promise<void> => {
    heartbeat.add(job.id)
    try {
      // A stage that met an outage stopped where it was; once the database is back it runs
      // again on a fresh extraction thread, from the pages it stored.
      const result = await surviving(() =>
        STAGES[queue]({ ...context, pool: poolOf(slot) }, job.data)
      )
      if (result === undefined || result.stopped) {
        await surviving(async () => {
          await boss.cancel(queue, job.id)
          await boss.resume(queue, job.id)
        })
        summary.handedBack++
        options.onJob(queue, result ?? { stopped: true, line: 'handed back' })
      } else {
        await surviving(() => boss.complete(queue, job.id))
        summary.done++
        options.onJob(queue, result)
      }
    } catch (error) {
      const reason = messageOf(error)
      await surviving(() => boss.fail(queue, job.id, { message: reason }))
      summary.failed++
      options.onError(queue, reason)
    } finally {
      heartbeat.delete(job.id)
    }
  }

  // A slot's extraction thread loads MuPDF and opens its connection once, not once a document
  // (half a second each); a stop, a failed project or an outage closes it, and the next job
  // starts another.
  const poolOf = (slot: { pool: ExtractionPool | undefined }): ExtractionPool => {
    if (slot.pool === undefined || slot.pool.closed) {
      slot.pool = new ExtractionPool({
        ...DEFAULT_POOL,
        workers: 1,
        dbPath: db.name,
        behindReview: context.behindReview
      })
    }
    return slot.pool
  }
  const slot = async (): Promise<void> => {
    const held: { pool: ExtractionPool | undefined } = { pool: undefined }
    try {
      while (!signal.aborted) {
        const taken = await next()
        poolOf(held)
        if (taken) {
          await run(taken.queue, taken.job, held)
          continue
        }
        // pg-boss's fetch answers "no job" when the database is down too: a look at the store
        // tells an outage (waited out, and said) from an empty queue.
        await surviving(async () => void db.prepare('SELECT 1').get())
        await sleep(IDLE_MS, undefined, { signal }).catch(() => undefined)
      }
    } finally {
      await held.pool?.close()
    }
  }
  await Promise.all(Array.from({ length: options.slots }, slot))
  return summary
}
