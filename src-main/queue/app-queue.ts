import { setTimeout as sleep } from 'node:timers/promises'
import type PgBoss from 'pg-boss'
import type { IngestRun } from '../jobs/ingest-run.js'
import type { WritableDB } from '../store/db.js'
import { messageOf } from '../shared/error-message.js'
import { queueFiles } from './queue-files.js'
import { documentsTotals, queueTotals } from './queue-totals.js'
import { startQueues } from './queues.js'
import { takeJobs } from './take-jobs.js'

/**
 * The app on a PostgreSQL project: documents added are queued for the project's workers, like
 * `recto ingest --queue`, and the app takes jobs itself as one worker more (a document at a time,
 * yielding to the reviewer), so a project with no worker elsewhere is ingested all the same. The
 * progress the app shows is the workers' (WorkersProgress), every worker's together.
 */
/** How often the app's ingest job reads where its queued documents stand. */
const FOLLOW_MS = 250

export class AppQueue {
  readonly #db: WritableDB
  readonly #url: string
  /** The passwords given so far this session, for encrypted documents. */
  readonly #passwords: () => readonly string[]
  readonly #stop = new AbortController()
  #boss: Promise<PgBoss> | undefined
  #working: Promise<unknown> | undefined

  constructor(db: WritableDB, url: string, passwords: () => readonly string[]) {
    this.#db = db
    this.#url = url
    this.#passwords = passwords
    // Jobs queued before the app started (by it, or by ingest --queue) are taken at once.
    if (queueTotals(db) !== null) this.#started().catch(() => undefined)
  }

  /**
   * The ingest the app's jobs run: the files queued (the app's own worker started), then followed
   * in the database until every one is in or in error, whichever worker read it, so the job ends
   * when its documents are in, as a local ingest does. A stop ends the following only: the files
   * stay queued.
   */
  readonly ingest: IngestRun = async (
    paths,
    { signal, onProgress, onFileError, retryErrors, cascade }
  ) => {
    const boss = await this.#started()
    const started = Date.now()
    const documents = new Set<number>()
    let unreadable = 0
    // Skipped as a local ingest skips them: in already, or failed before and not retried.
    let settled = 0
    const failed = new Set<string>()
    const report = (filesDone: number, pages: { done: number; total: number }) =>
      onProgress({
        filesDone,
        filesTotal: documents.size + unreadable + settled,
        pagesDone: pages.done,
        pagesTotal: pages.total,
        fraction: pages.total > 0 ? pages.done / pages.total : 0,
        pagesPerSecond: pages.done / Math.max(0.001, (Date.now() - started) / 1000),
        etaSeconds: null,
        currentFile: null,
        errors: failed.size,
        elapsedMs: Date.now() - started,
        finished: false
      })
    await queueFiles(this.#db, boss, paths, {
      cascade: cascade ? { languages: null } : null,
      retryErrors: retryErrors ?? false,
      onFile: (file) => {
        if (file.status === 'error') {
          unreadable++
          failed.add(file.path)
          onFileError(file.path, file.reason)
        } else if (file.status === 'queued' || file.why === 'already queued') {
          documents.add(file.documentId)
        } else settled++
      }
    })
    while (!signal.aborted) {
      const totals = documentsTotals(this.#db, [...documents])
      for (const { path, reason } of totals.failed) {
        if (!failed.has(path)) onFileError(path, reason)
        failed.add(path)
      }
      report(totals.ended + unreadable + settled, totals.pages)
      if (totals.ended === documents.size) break
      await sleep(FOLLOW_MS, undefined, { signal }).catch(() => undefined)
    }
    return 'queued'
  }

  /** The queues, started once; a start the database refused (an outage) is tried again later. */
  #started(): Promise<PgBoss> {
    this.#boss ??= startQueues(this.#url).then((boss) => {
      this.#working = takeJobs(
        {
          db: this.#db,
          boss,
          signal: this.#stop.signal,
          backend: null,
          languages: null,
          behindReview: true,
          passwords: this.#passwords
        },
        { slots: 1, cascade: true, onJob: () => undefined, onError: () => undefined }
      )
      // Outages are waited out inside; anything else ends the app's own worker, not the app.
      this.#working.catch((error: unknown) =>
        process.stderr.write(`recto: the app's worker stopped: ${messageOf(error)}\n`)
      )
      return boss
    })
    const starting = this.#boss
    starting.catch(() => {
      if (this.#boss === starting) this.#boss = undefined
    })
    return starting
  }

  /** Hands the app's job under way back to the queue and lets go of the queues. */
  async close(): Promise<void> {
    this.#stop.abort()
    const boss = await this.#boss?.catch(() => undefined)
    await this.#working?.catch(() => undefined)
    await boss?.stop({ graceful: false, wait: true })
  }
}
