import { randomUUID } from 'node:crypto'
import type { Emit, JobSnapshot } from '../shared/contract.js'
import { ingest } from '../jobs/ingest.js'
import type { IngestRun } from '../jobs/ingest-run.js'
import type { OcrProgress, OcrSelection, PageRef } from '../ocr/stored-pages.js'
import type { WritableDB } from '../store/db.js'
import type { SessionPasswords } from './session-passwords.js'
import { messageOf } from '../shared/error-message.js'

/**
 * The engine's ingest into the backend's own connection (one writer per project), opening
 * encrypted files with the passwords given so far this session.
 */
export function ingestInto(db: WritableDB, passwords: SessionPasswords): IngestRun {
  return async (paths, { signal, onProgress, onFileError, onDocument, retryErrors }) => {
    await ingest(db, paths, {
      retryErrors: retryErrors ?? false,
      passwords: passwords.list(),
      // A reviewer may open pages while this runs: the pages come first, the ingest takes the rest.
      behindReview: true,
      signal,
      onProgress,
      onFile: (outcome) => {
        if (outcome.status === 'error') onFileError(outcome.path, outcome.reason)
        else if (outcome.status === 'ingested' || outcome.why === 'already ingested') {
          onDocument?.(outcome.documentId)
        }
      }
    })
    return undefined
  }
}

/**
 * One run of the cascade's last steps over stored pages, asked for from the review screen: a
 * document's font repair and OCR, or one page's OCR.
 */
export type OcrRun = (
  selection: OcrSelection,
  options: Readonly<{
    signal: AbortSignal
    onProgress(progress: OcrProgress): void
    /** The pages of the documents read again with repaired font maps. */
    onRepaired?(pages: readonly PageRef[]): void
    /** Checks, as a page's OCR is stored, that it may still be (see StoredOcrOptions). */
    beforeStore?(page: PageRef): void
    /** Who asked for the OCR: they sign the revisions it adds. */
    author?: string
  }>
) => Promise<void>

type Job = { snapshot: JobSnapshot; controller: AbortController; done: Promise<void> }

/**
 * The backend's ingest jobs. They run one after another (one writer per project); each emits
 * full snapshots as `job.progress`, then `job.finished` exactly once. `list` lets a window that
 * opens late catch up.
 */
export class IngestJobs {
  readonly #jobs = new Map<string, Job>()
  readonly #emit: Emit
  readonly #run: IngestRun
  readonly #ocr: OcrRun | undefined
  /** Jobs run elsewhere that the app shows beside its own: the project's `recto worker`s. */
  readonly #elsewhere: { list(): JobSnapshot[] } | undefined
  #tail: Promise<void> = Promise.resolve()

  constructor(emit: Emit, run: IngestRun, ocr?: OcrRun, elsewhere?: { list(): JobSnapshot[] }) {
    this.#emit = emit
    this.#run = run
    this.#ocr = ocr
    this.#elsewhere = elsewhere
  }

  /**
   * An ingest of `paths`; with `cascade`, once it has finished (not stopped) with a file read,
   * the rest of the cascade over the documents it read follows as an OCR job of its own
   * (startOcr), with its own Stop. Other documents' pages waiting for OCR are left as they are:
   * adding files never changes the pages of documents nobody asked about. A run whose every file
   * failed starts none.
   */
  start(
    paths: readonly string[],
    options: Readonly<{ retryErrors?: boolean; cascade?: boolean }> = {}
  ): string {
    return this.#enqueue('ingest', paths.length, async (job, signal) => {
      const cascade = options.cascade ?? false
      // Files queued for workers go through the cascade there, as jobs of their own.
      const read: number[] = []
      const queued = await this.#ingest(job, paths, signal, {
        retryErrors: options.retryErrors ?? false,
        cascade,
        onDocument: (documentId) => read.push(documentId)
      })
      if (cascade && !queued && this.#ocr && !signal.aborted && read.length > 0) {
        this.startOcr({ documentIds: read })
      }
    })
  }

  /**
   * OCR of stored pages, queued behind any ingest like one (one writer per project). Its
   * snapshots count pages; a page that fails is an error naming it, and the others go on.
   */
  startOcr(
    selection: OcrSelection,
    beforeStore?: (page: PageRef) => void,
    author?: string
  ): string {
    const ocr = this.#ocr
    if (!ocr) throw new Error('this backend has no OCR')
    return this.#enqueue('ocr', 0, (job, signal) =>
      ocr(selection, {
        signal,
        ...(beforeStore ? { beforeStore } : {}),
        ...(author === undefined ? {} : { author }),
        onProgress: (progress) => {
          const seconds = (Date.now() - Date.parse(job.snapshot.startedAt)) / 1000
          const rate = seconds > 0 ? progress.done / seconds : 0
          this.#update(job, {
            pages: { done: progress.done, total: progress.total },
            pagesPerSecond: rate,
            etaSeconds: rate > 0 ? (progress.total - progress.done) / rate : null,
            errors: progress.failed.map((f) => ({
              file: `document ${f.documentId} page ${f.page}`,
              reason: f.reason
            }))
          })
          const { stored } = progress
          if (stored) {
            this.#emit('page.changed', { documentId: stored.documentId, pageNo: stored.page })
          }
        },
        onRepaired: (pages) => {
          this.#emit('documents.changed', {})
          for (const { documentId, page } of pages) {
            this.#emit('page.changed', { documentId, pageNo: page })
          }
        }
      })
    )
  }

  /**
   * Other long work on the project (a font repair), queued like an ingest (one writer per
   * project). `run` reports its steps done of all as the snapshot's pages, and stops on `signal`.
   */
  startTask(
    kind: string,
    run: (options: {
      signal: AbortSignal
      onProgress(done: number, total: number): void
    }) => Promise<void>
  ): string {
    return this.#enqueue(kind, 0, (job, signal) =>
      run({
        signal,
        onProgress: (done, total) => this.#update(job, { pages: { done, total } })
      })
    )
  }

  #enqueue(
    kind: string,
    files: number,
    run: (job: Job, signal: AbortSignal) => Promise<void>
  ): string {
    const id = randomUUID()
    const controller = new AbortController()
    const snapshot: JobSnapshot = {
      id,
      kind,
      status: 'queued',
      files: { done: 0, total: files },
      pages: { done: 0, total: 0 },
      pagesPerSecond: 0,
      etaSeconds: null,
      errors: [],
      startedAt: new Date().toISOString(),
      finishedAt: null
    }
    const job: Job = { snapshot, controller, done: Promise.resolve() }
    this.#jobs.set(id, job)
    this.#emit('job.progress', snapshot)
    job.done = this.#tail = this.#tail.then(() => this.#execute(job, run))
    return id
  }

  list(): JobSnapshot[] {
    return [
      ...[...this.#jobs.values()].map((job) => job.snapshot),
      ...(this.#elsewhere?.list() ?? [])
    ]
  }

  /**
   * A queued job is dropped; a running one stops after the pages in flight (documents it left
   * half done resume on the next ingest); a finished one stays as it ended.
   */
  cancel(id: string): 'cancelled' | 'finished' | 'not-found' {
    const job = this.#jobs.get(id)
    if (!job) return 'not-found'
    if (job.snapshot.status !== 'queued' && job.snapshot.status !== 'running') return 'finished'
    job.controller.abort()
    return 'cancelled'
  }

  /** Stops every job and waits for the running one to let go of the database. */
  async close(): Promise<void> {
    for (const job of this.#jobs.values()) job.controller.abort()
    await this.#tail
  }

  async #execute(job: Job, run: (job: Job, signal: AbortSignal) => Promise<void>): Promise<void> {
    const { signal } = job.controller
    if (signal.aborted) return this.#finish(job, 'cancelled')
    this.#update(job, { status: 'running' })
    try {
      await run(job, signal)
      this.#finish(job, signal.aborted ? 'cancelled' : 'succeeded')
    } catch (error) {
      const reason = messageOf(error)
      this.#update(job, { errors: [...job.snapshot.errors, { file: '', reason }] })
      this.#finish(job, signal.aborted ? 'cancelled' : 'failed')
    }
  }

  async #ingest(
    job: Job,
    paths: readonly string[],
    signal: AbortSignal,
    options: Readonly<{
      retryErrors: boolean
      cascade: boolean
      onDocument(documentId: number): void
    }>
  ): Promise<boolean> {
    const ran = await this.#run(paths, {
      signal,
      ...options,
      onProgress: (progress) => {
        const filesDone = job.snapshot.files.done
        this.#update(job, {
          files: { done: progress.filesDone, total: progress.filesTotal },
          pages: { done: progress.pagesDone, total: progress.pagesTotal },
          pagesPerSecond: progress.pagesPerSecond,
          etaSeconds: progress.etaSeconds
        })
        // The library shows each document as soon as it is in.
        if (progress.filesDone > filesDone) this.#emit('documents.changed', {})
      },
      onFileError: (file, reason) => {
        this.#update(job, { errors: [...job.snapshot.errors, { file, reason }] })
      }
    })
    return ran === 'queued'
  }

  #update(job: Job, change: Partial<JobSnapshot>): void {
    job.snapshot = { ...job.snapshot, ...change }
    this.#emit('job.progress', job.snapshot)
  }

  #finish(job: Job, status: JobSnapshot['status']): void {
    job.snapshot = {
      ...job.snapshot,
      status,
      etaSeconds: status === 'succeeded' ? 0 : null,
      finishedAt: new Date().toISOString()
    }
    this.#emit('job.finished', job.snapshot)
    this.#emit('documents.changed', {})
  }
}
