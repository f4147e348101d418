import { on } from '../backend/client'
import {
  claimNextPage,
  fetchClaims,
  fetchSession,
  releasePage,
  renewPage,
  takePage,
  type HeldClaim,
  type PageClaim,
  type PageKey
} from '../backend/claims'
import { messageOf } from '@shared/error-message'

/**
 * A lease runs out on the server without an event: the list is asked again this often (and when
 * a screen opens), so a page whose holder went idle shows as free.
 */
const REFRESH_MS = 30_000

/**
 * Who holds which page when `recto serve` shares the project with a team. Without a team (the
 * desktop app, one person on `recto serve`) every page is editable and nothing here is shown.
 */
class ClaimsState {
  #team = $state(false)
  #me = $state<string | null>(null)
  #claims = $state.raw<readonly PageClaim[]>([])
  #error = $state('')
  #serial = 0

  get team(): boolean {
    return this.#team
  }

  get me(): string | null {
    return this.#me
  }

  get error(): string {
    return this.#error
  }

  /** The live claim on a page, as the server listed it. */
  claim(documentId: number, pageNo: number): PageClaim | undefined {
    return this.#claims.find((c) => c.documentId === documentId && c.pageNo === pageNo)
  }

  mine(documentId: number, pageNo: number): boolean {
    return this.#team && this.claim(documentId, pageNo)?.holder === this.#me
  }

  /** In a team only the holder changes a page; the server refuses anyone else. */
  editable(documentId: number, pageNo: number): boolean {
    return !this.#team || this.mine(documentId, pageNo)
  }

  /** Learns whether the project is shared and follows its claims; the returned function stops. */
  listen(): () => void {
    if (window.api) return () => undefined
    void fetchSession().then(
      (session) => {
        this.#team = session.team
        this.#me = session.user?.name ?? null
        if (session.team) void this.load()
      },
      () => undefined
    )
    const stop = on('claims.changed', () => void this.load())
    const timer = setInterval(() => void this.load(), REFRESH_MS)
    return () => {
      clearInterval(timer)
      stop()
    }
  }

  async load(): Promise<void> {
    if (!this.#team) return
    const serial = ++this.#serial
    try {
      const claims = await fetchClaims()
      // Only the last answer is shown: an earlier one may arrive after it.
      if (serial !== this.#serial) return
      this.#claims = claims
      this.#error = ''
    } catch (error) {
      if (serial === this.#serial) this.#error = messageOf(error)
    }
  }

  /** Claims the next page of the queue; null when every unreviewed page is taken or done. */
  async next(): Promise<PageKey | null> {
    try {
      const page = await claimNextPage()
      await this.load()
      return page
    } catch (error) {
      this.#error = messageOf(error)
      return null
    }
  }

  /**
   * The open page's heartbeat: extends this reviewer's claim by a full lease. False when the claim
   * is gone (lapsed, taken); a failure to reach the server is thrown, for the caller to try again.
   */
  async renew(page: PageKey): Promise<boolean> {
    return this.#apply(page, await renewPage(page))
  }

  /** Takes the page back after this reviewer's claim lapsed; false when another holds it now. */
  async take(page: PageKey): Promise<boolean> {
    try {
      return this.#apply(page, await takePage(page))
    } catch (error) {
      this.#error = messageOf(error)
      return false
    }
  }

  /** Puts the server's word on one page's claim into the list. */
  #apply(page: PageKey, { held, claim }: HeldClaim): boolean {
    this.#serial++
    const others = this.#claims.filter(
      (c) => c.documentId !== page.documentId || c.pageNo !== page.pageNo
    )
    // Taking a page ends this reviewer's claims elsewhere, as the server just did.
    const kept = held ? others.filter((c) => c.holder !== this.#me) : others
    this.#claims = claim ? [...kept, claim] : kept
    this.#error = ''
    return held
  }

  async release(page: PageKey): Promise<void> {
    try {
      await releasePage(page)
    } catch (error) {
      this.#error = messageOf(error)
    }
    await this.load()
  }
}

export const claims = new ClaimsState()
