import type { Emit, JobSnapshot } from '../shared/contract.js'
import type { ReadableDB } from '../store/db.js'
import { queueTotals } from './queue-totals.js'
import { isConnectionError } from '../store/postgres/unreachable.js'

/** How often the app reads the workers' progress from the database: its throttle too. */
const POLL_MS = 1000

const ID = 'workers'

/**
 * The progress of the project's `recto worker`s as one job of the app, whichever machines they
 * run on: read from the database every second (pg-boss's jobs and the pages stored), emitted as
 * full snapshots when it changed. Counts never go back: a job archived or a page re-read between
 * two reads keeps the highest count seen.
 */
export class WorkersProgress {
  readonly #db: ReadableDB
  readonly #emit: Emit
  #snapshot: JobSnapshot | null = null
  #timer: NodeJS.Timeout | undefined
  /** When and at what count the pages were first seen moving, for the rate. */
  #since: { at: number; pages: number } | null = null

  constructor(db: ReadableDB, emit: Emit) {
    this.#db = db
    this.#emit = emit
  }

  start(): void {
    this.#timer = setInterval(() => this.#poll(), POLL_MS)
    this.#poll()
    this.#timer.unref()
  }

  close(): void {
    clearInterval(this.#timer)
  }

  list(): JobSnapshot[] {
    return this.#snapshot ? [this.#snapshot] : []
  }

  /**
   * A reading the database could not give (it is restarting) is skipped: the next one, a
   * second later, catches up, counts being totals and never going back.
   */
  #poll(): void {
    try {
      this.read()
    } catch (error) {
      if (!isConnectionError(error)) throw error
    }
  }

  /** One reading of the database, emitted when it changed anything. */
  read(): void {
    const totals = queueTotals(this.#db)
    if (totals === null || totals.files.total === 0) return
    const before = this.#snapshot
    const now = Date.now()
    const most = (key: 'files' | 'pages', side: 'done' | 'total', value: number) =>
      Math.max(before?.[key][side] ?? 0, value)
    const files = { done: most('files', 'done', totals.files.done), total: 0 }
    files.total = Math.max(most('files', 'total', totals.files.total), files.done)
    const pages = { done: most('pages', 'done', totals.pages.done), total: 0 }
    pages.total = Math.max(most('pages', 'total', totals.pages.total), pages.done)
    const running = totals.waiting > 0
    this.#since ??= { at: now, pages: pages.done }
    const seconds = (now - this.#since.at) / 1000
    const rate = seconds > 0 ? (pages.done - this.#since.pages) / seconds : 0
    const snapshot: JobSnapshot = {
      id: ID,
      kind: 'workers',
      status: running ? 'running' : totals.failed > 0 ? 'failed' : 'succeeded',
      files,
      pages,
      pagesPerSecond: rate,
      etaSeconds: running && rate > 0 ? (pages.total - pages.done) / rate : running ? null : 0,
      errors:
        totals.failed > 0 ? [{ file: '', reason: `${totals.failed} jobs failed for good` }] : [],
      startedAt: before?.startedAt ?? new Date(now).toISOString(),
      finishedAt: running ? null : (before?.finishedAt ?? new Date(now).toISOString())
    }
    if (before && sameCounts(before, snapshot)) return
    this.#snapshot = snapshot
    this.#emit(running ? 'job.progress' : 'job.finished', snapshot)
    // The library shows each document as soon as a worker has it in.
    if (files.done > (before?.files.done ?? 0)) this.#emit('documents.changed', {})
  }
}

function sameCounts(a: JobSnapshot, b: JobSnapshot): boolean {
  return (
    a.status === b.status &&
    a.files.done === b.files.done &&
    a.files.total === b.files.total &&
    a.pages.done === b.pages.done &&
    a.pages.total === b.pages.total
  )
}
