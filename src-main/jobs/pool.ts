import type { Worker } from 'node:worker_threads'
import type { WorkerConfig, WorkerReply, WorkerRequest } from './messages.js'
import type { LineReader, ReadBackPlan } from '../verify/read-back-plan.js'
import { messageOf } from '../shared/error-message.js'
import { spawnWorker } from '../threads/worker-thread.js'

export type PoolOptions = Readonly<{
  workers: number
  /** Longest a document may take from the request to its last page. */
  documentTimeLimitMs: number
  /** Longest a worker may go without reporting a page (one page that hangs). */
  pageTimeLimitMs: number
  /** Bound on each worker's MuPDF heap (WASM memory), and on its JS heap. */
  memoryLimitMb: number
  /** The project file; workers read layouts back from it for the document pass. */
  dbPath: string
  /**
   * Workers yield the CPU to the process's other threads: the review screen's renderings and
   * answers come first while an ingest runs in the same process (ingest-worker.ts).
   */
  behindReview: boolean
  /**
   * Whether workers prepare the read-back of the documents verification will read (the crops of
   * their lines, jobs/read-back-crops.ts); true unless false. The bench's ingest without
   * verification turns it off, so that its run draws nothing verification alone would.
   */
  readBack?: boolean
  /** Passwords the workers try on encrypted files, after the empty one. */
  passwords?: readonly string[]
}>

export type DocumentHandlers = Readonly<{
  /** A worker takes the document (a document may wait for one). */
  onStarted: () => void
  onOpened: (reply: Extract<WorkerReply, { type: 'opened' }>) => void
  onPage: (reply: Extract<WorkerReply, { type: 'page' }>) => void
  /**
   * Every page is extracted; the document pass is next, in the worker's memory or read from the
   * project (which is why the pages must be committed when this returns).
   */
  onExtracted: () => void
  onAnalysis: (reply: Extract<WorkerReply, { type: 'analysis' }>) => void
  /** The worker prepares the document's read-back for these recognisers (verify/read-back-plan.ts). */
  onReadingBack?: (readers: readonly LineReader[]) => void
}>

/** A document to ingest: its missing pages extracted first (when `extract`), then analysed. */
export type DocumentJob = Readonly<{
  documentId: number
  path: string
  sha256: string
  skipPages: readonly number[]
  extract: boolean
  /** The run's passwords, over the pool's (a pool kept across runs serves several). */
  passwords?: readonly string[]
}>

export type ExtractOutcome = Readonly<
  | {
      ok: true
      /** Fonts and invisible OCR layers of the pages it analysed that verification will read back (verify/). */
      toVerify: number
      /** That read-back as its worker prepared it, if it did (verify/read-back-plan.ts). */
      plan?: ReadBackPlan
    }
  | { ok: false; reason: string }
>

/** A worker with the JS heap it may use; threads/worker-thread.ts finds its module. */
function spawn(config: WorkerConfig, memoryLimitMb: number): Worker {
  // The JS heap holds one page's layout at a time; below 256 MB V8 itself would be the limit.
  const resourceLimits = { maxOldGenerationSizeMb: Math.max(memoryLimitMb, 256) }
  return spawnWorker('../jobs/ingest-worker', { workerData: config, resourceLimits })
}

type Slot = { worker: Worker | null; busy: boolean }

function describeExit(error: unknown): string {
  const code = (error as { code?: string } | null)?.code
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'exceeds the memory limit'
  const message = messageOf(error)
  return `the extraction worker crashed (${message.split('\n')[0]})`
}

/**
 * Worker threads with one MuPDF each, one document per worker at a time. A document that hangs,
 * crashes its worker or runs out of memory fails alone: its worker is terminated and a fresh one
 * takes the next document.
 */
export class ExtractionPool {
  readonly #options: PoolOptions
  readonly #memoryLimitBytes: number
  readonly #slots: Slot[]
  readonly #waiting: ((slot: Slot) => void)[] = []
  #closed = false

  constructor(options: PoolOptions) {
    this.#options = options
    this.#memoryLimitBytes = options.memoryLimitMb * 1024 * 1024
    this.#slots = Array.from({ length: Math.max(1, options.workers) }, () => ({
      worker: null,
      busy: false
    }))
  }

  get size(): number {
    return this.#slots.length
  }

  /** Whether close() ended it: it takes no more documents. */
  get closed(): boolean {
    return this.#closed
  }

  /** Workers started and not yet ended. */
  get started(): number {
    return this.#slots.filter((slot) => slot.worker !== null).length
  }

  /**
   * Ingests one document in one worker: extraction, then (once the main thread has committed
   * every page, which it has when `onExtracted` returns, messages being ordered) the document
   * pass. Each message is handed to `handlers` as it arrives. Never rejects for a bad
   * file; rejects when a handler throws (the database failed: the run must stop).
   */
  async ingest(job: DocumentJob, handlers: DocumentHandlers): Promise<ExtractOutcome> {
    if (this.#closed) return { ok: false, reason: 'the ingest was stopped' }
    const slot = await this.#acquire()
    try {
      return await this.#run(slot, job, handlers)
    } finally {
      this.#release(slot)
    }
  }

  /**
   * Ends every worker between documents (stopWorker); documents in progress end with a failed
   * outcome. What a run does when it is over or its project fails.
   */
  async close(): Promise<void> {
    await Promise.all(this.#take().map(stopWorker))
  }

  /** Terminates every worker at once: the user stopped the run and will not wait for a document. */
  async abort(): Promise<void> {
    await Promise.all(this.#take().map((worker) => worker.terminate()))
  }

  #take(): Worker[] {
    this.#closed = true
    const workers = this.#slots.flatMap((slot) => (slot.worker ? [slot.worker] : []))
    for (const slot of this.#slots) slot.worker = null
    return workers
  }

  /**
   * Starts the workers of up to `documents` idle slots now, so that loading MuPDF and the engine
   * in them overlaps the main thread's own work (hashing the run's files) instead of following it.
   */
  warm(documents: number): void {
    if (this.#closed) return
    for (const slot of this.#slots.slice(0, documents)) {
      if (!slot.busy && !slot.worker) this.#start(slot)
    }
  }

  #start(slot: Slot): Worker {
    const { memoryLimitMb, dbPath, behindReview } = this.#options
    const readBack = this.#options.readBack ?? true
    const config = { memoryLimitBytes: this.#memoryLimitBytes, dbPath, behindReview, readBack }
    const fresh = spawn(config, memoryLimitMb)
    // An idle worker that dies (nothing listening for its document) is simply replaced later.
    fresh.on('error', () => undefined)
    fresh.on('exit', () => {
      if (slot.worker === fresh) slot.worker = null
    })
    slot.worker = fresh
    return fresh
  }

  #acquire(): Promise<Slot> {
    const free = this.#slots.find((s) => !s.busy)
    if (free) {
      free.busy = true
      return Promise.resolve(free)
    }
    return new Promise((resolve) =>
      this.#waiting.push((slot) => {
        resolve(slot)
      })
    )
  }

  #release(slot: Slot): void {
    const next = this.#waiting.shift()
    if (next) next(slot)
    else slot.busy = false
  }

  #run(slot: Slot, job: DocumentJob, handlers: DocumentHandlers): Promise<ExtractOutcome> {
    const { documentTimeLimitMs, pageTimeLimitMs, memoryLimitMb } = this.#options
    const memoryLimitBytes = this.#memoryLimitBytes
    const { documentId } = job
    if (this.#closed) return Promise.resolve({ ok: false, reason: 'the ingest was stopped' })
    let worker = slot.worker ?? this.#start(slot)
    return new Promise<ExtractOutcome>((resolve, reject) => {
      let settled = false
      let pageTimer: NodeJS.Timeout | undefined
      const finish = (outcome: ExtractOutcome | Error, kill: boolean) => {
        if (settled) return
        settled = true
        clearTimeout(documentTimer)
        clearTimeout(pageTimer)
        listen(false)
        if (kill) {
          slot.worker = null
          void worker.terminate()
        }
        if (outcome instanceof Error) reject(outcome)
        else resolve(outcome)
      }
      const fail = (reason: string, kill: boolean) => finish({ ok: false, reason }, kill)
      const armPageTimer = () => {
        clearTimeout(pageTimer)
        pageTimer = setTimeout(
          () => fail(`a page took longer than ${pageTimeLimitMs / 1000} s`, true),
          pageTimeLimitMs
        )
      }
      const documentTimer = setTimeout(
        () => fail(`took longer than the ${documentTimeLimitMs / 1000} s limit`, true),
        documentTimeLimitMs
      )
      armPageTimer()
      const send = (request: WorkerRequest) => worker.postMessage(request)
      const listen = (on: boolean) => {
        const method = on ? 'on' : 'off'
        worker[method]('message', onMessage)
        worker[method]('error', onError)
        worker[method]('exit', onExit)
      }
      // The pages are committed; the spent worker's heap must not run even the document pass.
      const replace = (): boolean => {
        if (this.#closed) {
          fail('the ingest was stopped', true)
          return false
        }
        listen(false)
        void worker.terminate()
        worker = this.#start(slot)
        listen(true)
        return true
      }
      const onMessage = (reply: WorkerReply) => {
        if (reply.documentId !== documentId) return
        try {
          switch (reply.type) {
            case 'opened':
              handlers.onOpened(reply)
              break
            case 'page':
              if (reply.wasmBytes > memoryLimitBytes) {
                fail(`exceeds the memory limit of ${memoryLimitMb} MB`, true)
                return
              }
              handlers.onPage(reply)
              break
            case 'extracted':
              handlers.onExtracted()
              if (reply.spent && !replace()) return
              if (!reply.analysing) send({ type: 'analyse', documentId })
              break
            case 'analysis':
              handlers.onAnalysis(reply)
              break
            case 'reading back':
              handlers.onReadingBack?.(reply.readers)
              break
            case 'done':
              finish(
                {
                  ok: true,
                  toVerify: reply.toVerify,
                  ...(reply.plan === undefined ? {} : { plan: reply.plan })
                },
                reply.spent === true
              )
              return
            case 'failed':
              fail(reply.reason, reply.exiting)
              return
          }
          armPageTimer()
        } catch (error) {
          // A handler failed (the database, not the file): the whole run must stop.
          finish(error instanceof Error ? error : new Error(String(error)), true)
        }
      }
      const onError = (error: unknown) => fail(describeExit(error), true)
      const onExit = (code: number) => fail(`the extraction worker exited (code ${code})`, true)
      listen(true)
      handlers.onStarted()
      if (job.extract) {
        const { path, sha256, skipPages } = job
        const passwords = job.passwords ?? this.#options.passwords ?? []
        send({ type: 'extract', documentId, path, sha256, skipPages, passwords })
      } else {
        send({ type: 'analyse', documentId })
      }
    })
  }
}

/** How long a closing pool waits for a worker busy with a document to reach its end. */
const STOP_GRACE_MS = 10_000

/**
 * Ends a worker between documents (the `stop` request), and terminates it only if it is still
 * busy after STOP_GRACE_MS: terminating one inside a zlib call aborts the process.
 */
async function stopWorker(worker: Worker): Promise<void> {
  // Not events.once: it rejects on an 'error' the worker emits before exiting, and a pool closed
  // with `void pool.close()` would then end the process with an unhandled rejection.
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  worker.postMessage({ type: 'stop' } satisfies WorkerRequest)
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), STOP_GRACE_MS)
  })
  const outcome = await Promise.race([exited, late])
  clearTimeout(timer)
  if (outcome === 'late') await worker.terminate()
}
