import type PgBoss from 'pg-boss'
import type { IngestRun } from '../api/ingest-jobs.js'
import type { SessionPasswords } from '../api/session-passwords.js'
import type { WritableDB } from '../store/db.js'
import { queueFiles } from './queue-files.js'
import { queueTotals } from './queue-totals.js'
import { startQueues } from './queues.js'
import { takeJobs } from './take-jobs.js'

/**
 * The app on a PostgreSQL project: documents added are queued for the project's workers, like
 * `recto ingest --queue`, and the app takes jobs itself as one worker more (a document at a time,
 * yielding to the reviewer), so a project with no worker elsewhere is ingested all the same. The
 * progress the app shows is the workers' (WorkersProgress), every worker's together.
 */
export class AppQueue {
  readonly #db: WritableDB
  readonly #url: string
  readonly #passwords: SessionPasswords
  readonly #stop = new AbortController()
  #boss: Promise<PgBoss> | undefined
  #working: Promise<unknown> | undefined

  constructor(db: WritableDB, url: string, passwords: SessionPasswords) {
    this.#db = db
    this.#url = url
    this.#passwords = passwords
    // Jobs queued before the app started (by it, or by ingest --queue) are taken at once.
    if (queueTotals(db) !== null) void this.#started()
  }

  /** The ingest the app's jobs run: the files queued, and the app's own worker started. */
  readonly ingest: IngestRun = async (paths, { onProgress, onFileError, retryErrors, cascade }) => {
    const boss = await this.#started()
    const started = Date.now()
    let done = 0
    let errors = 0
    await queueFiles(this.#db, boss, paths, {
      cascade: cascade ? { languages: null } : null,
      retryErrors: retryErrors ?? false,
      onFile: (file) => {
        done++
        if (file.status === 'error') {
          errors++
          onFileError(file.path, file.reason)
        }
        onProgress({
          filesDone: done,
          filesTotal: Math.max(done, paths.length),
          pagesDone: 0,
          pagesTotal: 0,
          fraction: done / Math.max(done, paths.length),
          pagesPerSecond: 0,
          etaSeconds: null,
          currentFile: file.path,
          errors,
          elapsedMs: Date.now() - started,
          finished: false
        })
      }
    })
    return 'queued'
  }

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
          passwords: () => this.#passwords.list()
        },
        { slots: 1, cascade: true, onJob: () => undefined, onError: () => undefined }
      )
      return boss
    })
    return this.#boss
  }

  /** Hands the app's job under way back to the queue and lets go of the queues. */
  async close(): Promise<void> {
    this.#stop.abort()
    const boss = await this.#boss?.catch(() => undefined)
    await this.#working?.catch(() => undefined)
    await boss?.stop({ graceful: false, wait: true })
  }
}
