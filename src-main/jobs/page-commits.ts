import type { WritableDB } from '../store/db.js'

/** Longest a write waits for its commit: what a killed run may lose beyond the page in work. */
const COMMIT_DELAY_MS = 50

/**
 * The main thread's writes of what the workers send (pages, analyses), committed together: the
 * writes of the last few milliseconds go into one transaction, where one each would pay a commit
 * per message, and a page rarely arrives in the same turn of the event loop as another. A write
 * waits at most `COMMIT_DELAY_MS`, so a killed run still loses only the pages in flight. Whatever
 * must see the writes (a worker's document pass through its own connection, the document's
 * outcome) calls `commit` first.
 */
export class PageCommits {
  readonly #db: WritableDB
  readonly #onFailure: (error: Error) => void
  #writes: (() => void)[] = []
  #timer: NodeJS.Timeout | undefined
  #failure: Error | null = null

  /** `onFailure` learns that a delayed commit failed (the project, not a file). */
  constructor(db: WritableDB, onFailure: (error: Error) => void) {
    this.#db = db
    this.#onFailure = onFailure
  }

  /** Queues `write` for the next commit; throws once a commit has failed. */
  add(write: () => void): void {
    if (this.#failure) throw this.#failure
    this.#writes.push(write)
    this.#timer ??= setTimeout(() => {
      try {
        this.commit()
      } catch (error) {
        this.#onFailure(error as Error)
      }
    }, COMMIT_DELAY_MS)
  }

  /** Commits every queued write in one transaction; throws if this or an earlier commit failed. */
  commit(): void {
    clearTimeout(this.#timer)
    this.#timer = undefined
    if (this.#failure) throw this.#failure
    const writes = this.#writes
    if (writes.length === 0) return
    this.#writes = []
    try {
      this.#db.transaction(() => {
        for (const write of writes) write()
      })()
    } catch (error) {
      this.#failure = error instanceof Error ? error : new Error(String(error))
      throw this.#failure
    }
  }
}
