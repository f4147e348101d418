import { defaultBackend } from './backends.js'
import { OcrThread } from './ocr-thread.js'

/** Long enough for a reviewer reading a page and asking OCR of the next to stay inside it. */
const IDLE_MS = 60_000

/**
 * The OCR thread a backend's page-OCR jobs share, started on the first job and kept between them.
 * Starting it costs ~2.7 s of CPU a job (the English recogniser 0.7 s, the orientation worker
 * 2.0 s) on top of a page's ~4 s: a reviewer asking OCR page after page would pay that every time
 * (a second job in a row measured 1.3 s of CPU warm against 4.8 s cold). Holding the models costs
 * only their memory, given back once the thread has been idle IDLE_MS. IngestJobs runs the
 * backend's jobs one at a time, so one thread serves them all. `stop` ends the thread at once (how
 * a job is cancelled) and the next job starts a new one; a thread that died is never asked again
 * (RequestThread starts another for the next page).
 */
export class WarmOcrThread {
  #thread: OcrThread | undefined
  #idle: NodeJS.Timeout | undefined

  /** The thread for a job, started if none is up; `release` when the job is over. */
  take(): OcrThread {
    clearTimeout(this.#idle)
    return (this.#thread ??= new OcrThread(defaultBackend(), true))
  }

  release(): void {
    clearTimeout(this.#idle)
    if (!this.#thread) return
    // An idle thread must not keep `recto` running, nor its timer.
    this.#idle = setTimeout(() => void this.stop(), IDLE_MS).unref()
  }

  stop(): Promise<void> {
    clearTimeout(this.#idle)
    const thread = this.#thread
    this.#thread = undefined
    return thread?.close() ?? Promise.resolve()
  }
}
