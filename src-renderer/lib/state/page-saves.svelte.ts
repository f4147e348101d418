import type { PageState, RpcError } from '@shared/contract'
import { isClaimRefusal, refusedHolder } from '@shared/claim-refusal'
import { messageOf } from '@shared/error-message'
import { BackendError, call } from '../backend/client'
import { ServerLost } from '../backend/server-lost'
import { dropDraft, keepDraft, type DraftPage, type PageEdit } from './page-drafts'

/** Typing is sent this long after the last keystroke: stored within about a second. */
export const PAUSE_MS = 700
/** While the server cannot be reached, the unsaved edit is sent again this often. */
export const RETRY_MS = 3000

/**
 * Why the page's last edit is not stored. `claim` is set when the reviewer no longer holds the
 * page: 'lapsed' (nobody holds it, so they may take it again) or the holder's name.
 */
export type SaveProblem = Readonly<{ reason: string; retrying: boolean; claim?: string }>

export type SavedPage = Readonly<{ documentId: number; pageNo: number }> & DraftPage

type Host = Readonly<{
  page: SavedPage
  /** The edit the screen shows now, and the revision it was made on. */
  edit(): PageEdit | null
  base(): number | null
  /** The engine's answer; `latest` when no edit was made after the call was sent. */
  answered(result: PageState, latest: boolean): Promise<void>
  /** A call other than a save was refused for a reason the engine gave. */
  refused(error: unknown): Promise<void>
}>

/**
 * The edits of one open page on their way to the engine, one call after another in the order they
 * were made. Each edit is the page's whole state, so the latest one stands for all before it: it is
 * kept in the browser (page-drafts.ts) until the engine has stored it, sent when typing pauses,
 * sent again while the server cannot be reached, and never dropped when a save is refused.
 */
export class PageSaves {
  #inFlight = $state(0)
  #typing = $state(false)
  #problem = $state.raw<SaveProblem | null>(null)
  #chain: Promise<unknown> = Promise.resolve()
  #pause: ReturnType<typeof setTimeout> | undefined
  #retry: ReturnType<typeof setTimeout> | undefined
  /** Serial of the latest edit made on screen. */
  #made = 0
  /** The latest edit's save failed: Retry sends it again. */
  #unsent = false
  #closed = false
  readonly #host: Host

  constructor(host: Host) {
    this.#host = host
  }

  /** An edit is waiting for the pause in typing or for the engine's answer. */
  get saving(): boolean {
    return this.#inFlight > 0 || this.#typing
  }

  get problem(): SaveProblem | null {
    return this.#problem
  }

  /** Something on screen is not stored yet: leaving now would need the draft. */
  get unsaved(): boolean {
    return this.saving || this.#unsent
  }

  /** An edit is on screen: kept in the browser at once, sent now or once typing pauses. */
  made(now: boolean): void {
    this.#made++
    this.#keep()
    clearTimeout(this.#pause)
    if (now) {
      this.#typing = false
      this.#send()
    } else {
      this.#typing = true
      this.#pause = setTimeout(() => this.flush(), PAUSE_MS)
    }
  }

  /** Sends the edit typing is waiting on now (the field lost focus, the page is left). */
  flush(): void {
    clearTimeout(this.#pause)
    if (!this.#typing) return
    this.#typing = false
    this.#send()
  }

  /** Sends the latest edit again, or only clears the problem when it was not a save's. */
  retry(): void {
    clearTimeout(this.#retry)
    this.#problem = null
    if (this.#unsent) this.#send()
  }

  /** A call that answers with the page's state (undo, restore…), after the edits made so far. */
  run(request: () => Promise<PageState>): Promise<void> {
    this.flush()
    return this.#enqueue(request, this.#made, false)
  }

  /** Resolves when every call made so far has had the engine's answer. */
  settled(): Promise<void> {
    return this.#chain.then(() => {})
  }

  /** The page is left: typing is sent, but a failed save is not tried again from here. */
  close(): void {
    this.flush()
    this.#closed = true
    clearTimeout(this.#retry)
  }

  #keep(): void {
    const edit = this.#host.edit()
    if (!edit) return
    keepDraft(this.#host.page, { edit, base: this.#host.base(), at: Date.now() })
  }

  #send(): void {
    const edit = this.#host.edit()
    if (!edit) return
    const { documentId, pageNo } = this.#host.page
    void this.#enqueue(
      () => call('revisions.save', { documentId, pageNo, ...edit }),
      this.#made,
      true
    )
  }

  #enqueue(request: () => Promise<PageState>, serial: number, save: boolean): Promise<void> {
    this.#inFlight++
    const done = this.#chain.then(async () => {
      try {
        const result = await request()
        const latest = serial === this.#made
        if (latest) {
          this.#problem = null
          this.#unsent = false
          clearTimeout(this.#retry)
        }
        await this.#host.answered(result, latest)
        // Stored: the draft goes, or (typing went on meanwhile) it now builds on this revision.
        if (latest && !this.#typing) dropDraft(this.#host.page)
        else this.#keep()
      } catch (error) {
        if (save || error instanceof ServerLost) this.#failed(error, save)
        else await this.#host.refused(error)
      } finally {
        this.#inFlight--
      }
    })
    // One failed call must not stop every later one from running.
    this.#chain = done.catch(() => {})
    return done
  }

  #failed(error: unknown, save: boolean): void {
    if (save) this.#unsent = true
    this.#problem = problemOf(error, save)
    if (this.#problem.retrying && save && !this.#closed) {
      clearTimeout(this.#retry)
      this.#retry = setTimeout(() => this.retry(), RETRY_MS)
    }
  }
}

function problemOf(error: unknown, save: boolean): SaveProblem {
  if (error instanceof ServerLost) {
    // Only a save is sent again by itself; an undo or a restructure is left for Retry.
    return error.retrying && save
      ? { reason: `${error.message}; trying again every few seconds`, retrying: true }
      : { reason: error.message, retrying: false }
  }
  if (error instanceof BackendError) {
    const rpc: RpcError = { code: error.code, message: error.message }
    if (isClaimRefusal(rpc)) {
      const holder = refusedHolder(rpc)
      return holder === null
        ? {
            reason: 'you no longer hold this page: your claim lapsed',
            retrying: false,
            claim: 'lapsed'
          }
        : { reason: `${holder} holds this page now`, retrying: false, claim: holder }
    }
  }
  return { reason: messageOf(error), retrying: false }
}
