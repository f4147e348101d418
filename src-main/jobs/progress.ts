/** What an ingest has done so far: a full snapshot, never a delta, so a late listener catches up. */
export type IngestSnapshot = Readonly<{
  filesDone: number
  filesTotal: number
  /** Pages extracted and analysed in this run. */
  pagesDone: number
  /** Pages this run has to do, as far as known: it grows as each file is opened. */
  pagesTotal: number
  /** Share of the run's work done, 0 to 1, weighted by file size; never decreases. */
  fraction: number
  pagesPerSecond: number
  /** Seconds left at the current rate; null until there is a rate to go by. */
  etaSeconds: number | null
  /** The file most recently started among those in progress. */
  currentFile: string | null
  errors: number
  elapsedMs: number
  finished: boolean
}>

export type ProgressOptions = Readonly<{
  filesTotal: number
  /** Sum of the sizes of all the run's files. */
  bytesTotal: number
  emit: (snapshot: IngestSnapshot) => void
  now?: () => number
  /** Minimum time between two snapshots; the first and the last are always emitted. */
  intervalMs?: number
}>

/** A page counts half when extracted and fully when analysed: both steps cost about the same. */
type FileState = { bytes: number; pages: number; extracted: number; done: number }

/**
 * Tracks an ingest and emits throttled snapshots. The fraction counts a finished file's bytes in
 * full and a file in progress by its share of pages done; files found already ingested leave the
 * total instead of counting as work, so the rate and ETA describe real work only.
 */
export class IngestProgress {
  readonly #emit: (snapshot: IngestSnapshot) => void
  readonly #now: () => number
  readonly #intervalMs: number
  readonly #startedAt: number
  readonly #filesTotal: number
  readonly #inFlight = new Map<string, FileState>()
  #bytesTotal: number
  #bytesDone = 0
  #filesDone = 0
  #pagesDone = 0
  #pagesTotal = 0
  #errors = 0
  #fraction = 0
  #lastEmitAt: number | null = null
  #finished = false

  constructor(options: ProgressOptions) {
    this.#emit = options.emit
    this.#now = options.now ?? Date.now
    this.#intervalMs = options.intervalMs ?? 100
    this.#filesTotal = options.filesTotal
    this.#bytesTotal = options.bytesTotal
    this.#startedAt = this.#now()
    this.#send()
  }

  /** Extraction of a file began. */
  fileStarted(file: string, bytes: number): void {
    this.#inFlight.set(file, { bytes, pages: 0, extracted: 0, done: 0 })
    this.#maybeSend()
  }

  /** `pages` of the file's pages are to be extracted or analysed in this run. */
  pagesKnown(file: string, pages: number, alreadyExtracted = 0): void {
    const state = this.#inFlight.get(file)
    if (state) {
      state.pages = pages
      state.extracted = alreadyExtracted
    }
    this.#pagesTotal += pages
    this.#maybeSend()
  }

  pageExtracted(file: string): void {
    const state = this.#inFlight.get(file)
    if (state) state.extracted++
    this.#maybeSend()
  }

  /** A page is analysed and stored for good. */
  pageDone(file: string): void {
    const state = this.#inFlight.get(file)
    if (state) state.done++
    this.#pagesDone++
    this.#maybeSend()
  }

  /** The file is finished, ingested or failed. */
  fileFinished(file: string, bytes: number, failed: boolean): void {
    const state = this.#inFlight.get(file)
    this.#inFlight.delete(file)
    if (state && state.done < state.pages) {
      // A failed file's remaining pages will never come: drop them from the total.
      this.#pagesTotal -= state.pages - state.done
    }
    this.#bytesDone += bytes
    this.#filesDone++
    if (failed) this.#errors++
    this.#maybeSend()
  }

  /** The file was already ingested (or already failed) before this run: nothing to do. */
  fileSkipped(bytes: number): void {
    this.#bytesTotal -= bytes
    this.#filesDone++
    this.#maybeSend()
  }

  finish(): IngestSnapshot {
    this.#finished = true
    return this.#send()
  }

  snapshot(): IngestSnapshot {
    const now = this.#now()
    const elapsedMs = Math.max(0, now - this.#startedAt)
    let partial = 0
    for (const state of this.#inFlight.values()) {
      if (state.pages > 0) {
        const steps = Math.min(state.extracted + state.done, 2 * state.pages)
        partial += (state.bytes * steps) / (2 * state.pages)
      }
    }
    const computed =
      this.#finished || this.#bytesTotal <= 0
        ? this.#finished
          ? 1
          : 0
        : Math.min(1, (this.#bytesDone + partial) / this.#bytesTotal)
    // Never snap back: a file whose page count comes in late must not move the bar backwards.
    this.#fraction = Math.max(this.#fraction, computed)
    const seconds = elapsedMs / 1000
    const rate = seconds > 0 ? this.#pagesDone / seconds : 0
    const eta = this.#finished
      ? 0
      : this.#fraction > 0 && seconds > 0
        ? (seconds * (1 - this.#fraction)) / this.#fraction
        : null
    return {
      filesDone: this.#filesDone,
      filesTotal: this.#filesTotal,
      pagesDone: this.#pagesDone,
      pagesTotal: Math.max(this.#pagesTotal, this.#pagesDone),
      fraction: this.#fraction,
      pagesPerSecond: rate,
      etaSeconds: eta,
      currentFile: [...this.#inFlight.keys()].at(-1) ?? null,
      errors: this.#errors,
      elapsedMs,
      finished: this.#finished
    }
  }

  #maybeSend(): void {
    if (this.#finished) return
    const now = this.#now()
    if (this.#lastEmitAt !== null && now - this.#lastEmitAt < this.#intervalMs) return
    this.#send()
  }

  #send(): IngestSnapshot {
    const snapshot = this.snapshot()
    this.#lastEmitAt = this.#now()
    this.#emit(snapshot)
    return snapshot
  }
}
