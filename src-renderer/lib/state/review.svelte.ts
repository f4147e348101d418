import type {
  PageDetail,
  PageState,
  QueueFilter,
  RevisionSummary,
  StructureEdit
} from '@shared/contract'
import type { PageStatus } from '@shared/page'
import { call } from '../backend/client'
import { messageOf } from '@shared/error-message'
import { ClickOrder } from './click-order.svelte'
import { dropDraft, readDraft, sameEdit, type PageDraft, type PageEdit } from './page-drafts'
import { editOf as edit, movedOrder, toggledExclusion, withBlockText } from './page-edits'
import { PageSaves, RETRY_MS, type SaveProblem } from './page-saves.svelte'
import { ServerLost } from '../backend/server-lost'
import { session } from './session-progress.svelte'

type Edit = PageEdit

/**
 * The page under review. Every edit goes to the engine as a new revision, at once or (typing)
 * when the typing pauses; the screen shows the edit straight away and takes the engine's answer
 * (the composed text, undo state) when the latest edit's save returns. PageSaves runs the calls
 * one after another, keeps the unsaved edit in the browser and says why one was not stored.
 */
class ReviewState {
  #detail = $state.raw<PageDetail | null>(null)
  #state = $state.raw<PageState | null>(null)
  #saves = $state.raw<PageSaves | null>(null)
  /** An unsaved edit from an earlier visit, made on a revision the page has moved on from. */
  #offered = $state.raw<PageDraft | null>(null)
  #error = $state<string | null>(null)
  hovered = $state<number | null>(null)
  selected = $state<number | null>(null)
  /** The block whose text is open in the editor, if any. */
  editing = $state<number | null>(null)
  #revisions = $state.raw<RevisionSummary[] | null>(null)
  #drawing = $state(false)
  readonly #click = new ClickOrder()
  #generation = 0

  /** 1-based position in the current reading order, indexed by block id. */
  readonly position = $derived.by(() => {
    const positions: number[] = []
    this.#state?.order.forEach((id, index) => (positions[id] = index + 1))
    return positions
  })

  readonly excluded = $derived(new Set(this.#state?.excluded ?? []))

  /** U+FFFD in the page's text: characters the PDF never mapped, which approving would keep. */
  readonly lostCharacters = $derived(
    [...(this.#state?.text ?? '')].filter((ch) => ch === '\uFFFD').length
  )

  get detail(): PageDetail | null {
    return this.#detail
  }

  get state(): PageState | null {
    return this.#state
  }

  get saving(): boolean {
    return this.#saves?.saving ?? false
  }

  /** Why the latest edit is not stored, or null. */
  get problem(): SaveProblem | null {
    return this.#saves?.problem ?? null
  }

  /** Something on screen is not stored yet (the tab warns before closing). */
  get unsaved(): boolean {
    return this.#saves?.unsaved ?? false
  }

  get offered(): PageDraft | null {
    return this.#offered
  }

  /** Sends the unsaved edit again. */
  retry(): void {
    this.#saves?.retry()
  }

  get error(): string | null {
    return this.#error
  }

  /** The page's revisions, oldest first, once `loadHistory` has fetched them. */
  get history(): RevisionSummary[] | null {
    return this.#revisions
  }

  /** "Draw a region" is on: a box drawn on the page becomes a block. */
  get drawing(): boolean {
    return this.#drawing
  }

  set drawing(on: boolean) {
    this.#drawing = on
    if (on) this.stopClicking()
  }

  get clicking(): boolean {
    return this.#click.on
  }

  get clicked(): readonly number[] {
    return this.#click.clicked
  }

  async open(documentId: number, pageNo: number): Promise<void> {
    const generation = ++this.#generation
    // Typing on the page being left is sent now; a save that fails stays in its draft.
    this.#saves?.close()
    this.#saves = null
    this.#offered = null
    const shown = this.#detail
    if (shown?.documentId !== documentId || shown.pageNo !== pageNo) {
      // Another page's detail must not stand in for this one while it loads: the screen would
      // draw that page's image and blocks under this page's address.
      this.#detail = null
      this.#state = null
    }
    this.#error = null
    this.#click.stop()
    this.hovered = null
    this.selected = null
    this.editing = null
    this.#revisions = null
    this.#drawing = false
    try {
      const detail = await call('pages.get', { documentId, pageNo })
      if (generation !== this.#generation) return
      this.#detail = detail
      this.#state = detail.state
      this.#saves = this.#savesFor(detail, generation)
      this.#takeUpDraft(detail)
    } catch (error) {
      if (generation !== this.#generation) return
      this.#detail = null
      this.#state = null
      const retrying = error instanceof ServerLost && error.retrying
      this.#error = retrying
        ? `${messageOf(error)}: trying again every few seconds`
        : messageOf(error)
      // A server out of reach for a moment: the page opens once it answers again.
      if (retrying) {
        setTimeout(() => {
          if (generation === this.#generation) void this.open(documentId, pageNo)
        }, RETRY_MS)
      }
    }
  }

  /** Moves the block at `from` (index in the reading order) to index `to`. */
  move(from: number, to: number): void {
    const state = this.#state
    const order = state && movedOrder(state.order, from, to)
    if (state && order) this.#save({ ...edit(state), order })
  }

  resetOrder(): void {
    const detail = this.#detail
    const state = this.#state
    if (!detail || !state) return
    this.#save({ ...edit(state), order: [...detail.autoOrder] })
  }

  toggleExcluded(id: number): void {
    const state = this.#state
    if (state) this.#save({ ...edit(state), excluded: toggledExclusion(state.excluded, id) })
  }

  setBlockText(id: number, text: string): void {
    const state = this.#state
    const detail = this.#detail
    if (!state || !detail) return
    const blockText = withBlockText(state, detail, id, text)
    if (JSON.stringify(blockText) === JSON.stringify(state.blockText)) {
      this.#saves?.flush()
      return
    }
    this.#save({ ...edit(state), blockText })
  }

  /** A hand-edited page text replaces the composed one; null goes back to composing it. */
  setPageText(text: string | null): void {
    const state = this.#state
    if (!state || text === state.pageText || (state.pageText === null && text === state.text)) {
      this.#saves?.flush()
      return
    }
    this.#save({ ...edit(state), pageText: text })
  }

  /** Text being typed into a block: shown and kept at once, saved when the typing pauses. */
  typeBlockText(id: number, text: string): void {
    const state = this.#state
    const detail = this.#detail
    if (!state || !detail) return
    this.#type({ ...edit(state), blockText: withBlockText(state, detail, id, text) })
  }

  /** The page text being typed: shown and kept at once, saved when the typing pauses. */
  typePageText(text: string): void {
    const state = this.#state
    if (!state || text === state.pageText) return
    this.#type({ ...edit(state), pageText: text })
  }

  /** Puts back the unsaved edit of an earlier visit, as the page's next revision. */
  takeOffered(): void {
    const offered = this.#offered
    this.#offered = null
    if (offered) this.#save(offered.edit)
  }

  discardOffered(): void {
    const detail = this.#detail
    this.#offered = null
    if (detail) dropDraft(detail)
  }

  setStatus(status: PageStatus): void {
    const state = this.#state
    if (!state) return
    this.#save({ ...edit(state), status })
  }

  startClicking(): void {
    if (this.#state) this.#click.start(this.#state.order)
  }

  stopClicking(): void {
    this.#click.stop()
  }

  /** In click mode: the clicked blocks come first, in click order; the rest keep their order. */
  clickBlock(id: number): void {
    const state = this.#state
    const order = state && this.#click.click(id)
    if (state && order) this.#save({ ...edit(state), order })
  }

  /** Fetches the history once the saves in flight are stored, so it ends with the latest. */
  async loadHistory(): Promise<void> {
    const detail = this.#detail
    if (!detail) return
    const generation = this.#generation
    await this.settled()
    const ref = { documentId: detail.documentId, pageNo: detail.pageNo }
    try {
      const history = await call('revisions.history', ref)
      if (generation === this.#generation) this.#revisions = history
    } catch (error) {
      if (generation === this.#generation) this.#error = messageOf(error)
    }
  }

  /** Makes an earlier revision the page's state again; the history gains a revision. */
  async restore(revisionId: number): Promise<void> {
    const detail = this.#detail
    if (!detail) return
    if (this.#click.on) this.#click.stop()
    const ref = { documentId: detail.documentId, pageNo: detail.pageNo }
    await this.#run(() => call('revisions.restore', { ...ref, revisionId }))
    await this.loadHistory()
  }

  /**
   * Changes the page's blocks; the engine answers with the new state, and the page's outline is
   * fetched again (its blocks are not the ones on screen any more).
   */
  restructure(edit: StructureEdit): Promise<void> {
    const detail = this.#detail
    if (!detail) return Promise.resolve()
    this.#drawing = false
    if (this.#click.on) this.#click.stop()
    const ref = { documentId: detail.documentId, pageNo: detail.pageNo }
    return this.#run(() => call('revisions.restructure', { ...ref, edit }))
  }

  /** Resolves when every save made so far has had the engine's answer. */
  settled(): Promise<void> {
    return this.#saves?.settled() ?? Promise.resolve()
  }

  undo(): Promise<void> {
    return this.#history('revisions.undo')
  }

  redo(): Promise<void> {
    return this.#history('revisions.redo')
  }

  /** The next or previous page of the queue, as the engine ranks it. */
  adjacent(
    direction: 'next' | 'previous',
    filter: QueueFilter
  ): Promise<{ documentId: number; pageNo: number } | null> {
    const detail = this.#detail
    if (!detail) return Promise.resolve(null)
    return call('pages.adjacent', {
      documentId: detail.documentId,
      pageNo: detail.pageNo,
      direction,
      filter
    })
  }

  #save(next: Edit): void {
    if (!this.#show(next)) return
    this.#saves?.made(true)
  }

  #type(next: Edit): void {
    if (!this.#show(next)) return
    this.#saves?.made(false)
  }

  /** Puts an edit on screen; false when no page is open. */
  #show(next: Edit): boolean {
    const state = this.#state
    if (!this.#detail || !state) return false
    this.#click.stopIfDone(next.order)
    // A hand-edited text is shown as typed; any other text waits for the engine's composition.
    this.#state = { ...state, ...next, text: next.pageText ?? state.text }
    return true
  }

  #history(method: 'revisions.undo' | 'revisions.redo'): Promise<void> {
    const detail = this.#detail
    if (!detail) return Promise.resolve()
    if (this.#click.on) this.#click.stop()
    return this.#run(() => call(method, { documentId: detail.documentId, pageNo: detail.pageNo }))
  }

  #run(request: () => Promise<PageState>): Promise<void> {
    return this.#saves?.run(request) ?? Promise.resolve()
  }

  #savesFor(detail: PageDetail, generation: number): PageSaves {
    const here = () => generation === this.#generation
    return new PageSaves({
      page: detail,
      edit: () => (here() && this.#state ? edit(this.#state) : null),
      base: () => (here() ? (this.#state?.revisionId ?? null) : null),
      answered: async (result, latest) => {
        session.stored(detail, result.status)
        if (!here()) return
        this.#error = null
        const shown = this.#state
        // The latest answer brings the engine's text; edits made since stay on screen over it.
        this.#state =
          latest || !shown
            ? result
            : { ...result, ...edit(shown), text: shown.pageText ?? result.text }
        // Blocks merged, split, drawn or deleted (or such an edit undone): the outline changed.
        if (result.structureKey !== this.#detail?.state.structureKey) await this.#reload()
      },
      refused: async (error) => {
        if (!here()) return
        this.#error = messageOf(error)
        await this.#reload().catch(() => {})
      }
    })
  }

  /**
   * An edit this browser kept for the page and the engine never stored: when the page still has
   * the revision it was made on, it simply becomes the next one; otherwise the reviewer is asked.
   */
  #takeUpDraft(detail: PageDetail): void {
    const draft = readDraft(detail)
    if (!draft) return
    if (sameEdit(draft.edit, detail.state)) dropDraft(detail)
    else if (draft.base === detail.state.revisionId) this.#save(draft.edit)
    else this.#offered = draft
  }

  async #reload(): Promise<void> {
    const detail = this.#detail
    if (!detail) return
    const fresh = await call('pages.get', { documentId: detail.documentId, pageNo: detail.pageNo })
    this.#detail = fresh
    this.#state = fresh.state
    if (this.selected !== null && !fresh.state.order.includes(this.selected)) {
      this.selected = null
    }
  }
}

export const review = new ReviewState()
