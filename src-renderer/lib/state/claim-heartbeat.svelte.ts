import type { PageKey } from '../backend/claims'
import { claims } from './claims.svelte'

/** The lease is ten minutes (store/claims.ts); renewing each minute leaves nine in hand. */
const BEAT_MS = 60_000
/** How often the clock the time left is shown by moves, and a failed renewal is tried again. */
const TICK_MS = 5_000
/** The time left is shown once this little remains: only when renewing has been failing. */
export const SHOW_LEFT_MS = 3 * 60_000

/**
 * Keeps this reviewer's claim on the page they have open: a claim used to be renewed only by a
 * save, so reading and typing for ten minutes lost it. While the page is open it is renewed each
 * minute, and again every few seconds while the server cannot be reached.
 */
export class ClaimHeartbeat {
  #now = $state(Date.now())
  #failing = $state(false)
  #renewed = 0
  #renewing = false
  readonly #page: PageKey

  constructor(page: PageKey) {
    this.#page = page
  }

  /** The clock the time left is counted by. */
  get now(): number {
    return this.#now
  }

  /** The last renewal did not reach the server. */
  get failing(): boolean {
    return this.#failing
  }

  /** Beats until the returned function is called. */
  start(): () => void {
    const tick = () => {
      this.#now = Date.now()
      void this.#beat()
    }
    tick()
    const timer = setInterval(tick, TICK_MS)
    return () => clearInterval(timer)
  }

  async #beat(): Promise<void> {
    const { documentId, pageNo } = this.#page
    if (this.#renewing || !claims.mine(documentId, pageNo)) return
    if (!this.#failing && this.#now - this.#renewed < BEAT_MS) return
    this.#renewing = true
    try {
      await claims.renew(this.#page)
      this.#renewed = Date.now()
      this.#failing = false
    } catch {
      this.#failing = true
    } finally {
      this.#renewing = false
    }
  }
}

/** "4 min" or "40 s": the time left on a claim, in the words the header shows. */
export function timeLeft(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min` : `${seconds} s`
}
