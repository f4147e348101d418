import type { LayoutProposal, Output } from '@shared/contract'
import { SvelteSet } from 'svelte/reactivity'
import { call } from '../backend/client'
import { batches } from './batches.svelte'
import { messageOf } from '@shared/error-message'

type Similar = Output<'teach.similar'>

/**
 * The pages of the same layout as the page under review, each with the page's order and roles
 * mapped onto it, asked again after each change of order or role; and which of them the reviewer
 * has ticked to take it.
 */
class TeachState {
  #similar = $state.raw<(Similar & { documentId: number; pageNo: number }) | null>(null)
  readonly #chosen = new SvelteSet<string>()
  #open = $state(false)
  #applying = $state(false)
  #error = $state<string | null>(null)
  #explained = $state(false)
  #asked = 0

  get proposals(): readonly LayoutProposal[] {
    return this.#similar?.proposals ?? []
  }

  get measure(): string {
    return this.#similar?.measure ?? ''
  }

  get taught(): readonly string[] {
    return this.#similar?.taught ?? []
  }

  get open(): boolean {
    return this.#open
  }

  /** Opening with no page to offer says why instead (nothing of its own, regrouped blocks). */
  set open(open: boolean) {
    this.#open = open && this.proposals.length > 0
    this.#explained = open && this.proposals.length === 0
  }

  /** Why no page is offered, once the reviewer asked for them; null otherwise. */
  get explanation(): string | null {
    if (!this.#explained) return null
    if (this.#error) return this.#error
    return this.taught.length === 0
      ? 'the page has no order or role of its own to teach yet'
      : 'no other page shares its layout'
  }

  get applying(): boolean {
    return this.#applying
  }

  get error(): string | null {
    return this.#error
  }

  isChosen(proposal: LayoutProposal): boolean {
    return this.#chosen.has(key(proposal))
  }

  get chosenCount(): number {
    return this.#chosen.size
  }

  toggle(proposal: LayoutProposal): void {
    if (!this.#chosen.delete(key(proposal))) this.#chosen.add(key(proposal))
  }

  chooseAll(all: boolean): void {
    this.#choose(all ? this.proposals : [])
  }

  /** Asks which pages share the page's layout; a later ask wins over an earlier one. */
  async check(documentId: number, pageNo: number): Promise<void> {
    const asked = ++this.#asked
    this.#explained = false
    try {
      const similar = await call('teach.similar', { documentId, pageNo })
      if (asked !== this.#asked) return
      this.#similar = { ...similar, documentId, pageNo }
      this.#choose(similar.proposals)
      this.#error = null
      if (similar.proposals.length === 0) this.#open = false
    } catch (error) {
      if (asked !== this.#asked) return
      // A page whose blocks were regrouped teaches nothing; the reason is shown on asking.
      this.#similar = null
      this.#error = messageOf(error)
    }
  }

  /** Gives the ticked pages (all of them with `all`) the page's fix, as one undoable action. */
  async apply(all: boolean): Promise<void> {
    const similar = this.#similar
    if (!similar || this.#applying) return
    const targets = similar.proposals
      .filter((p) => all || this.#chosen.has(key(p)))
      .map((p) => ({ documentId: p.documentId, pageNo: p.pageNo }))
    if (targets.length === 0) return
    this.#applying = true
    try {
      const result = await call('teach.apply', {
        documentId: similar.documentId,
        pageNo: similar.pageNo,
        targets
      })
      batches.made(result)
      this.#open = false
      this.#error = null
      await this.check(similar.documentId, similar.pageNo)
    } catch (error) {
      this.#error = messageOf(error)
    } finally {
      this.#applying = false
    }
  }

  #choose(proposals: readonly LayoutProposal[]): void {
    this.#chosen.clear()
    for (const proposal of proposals) this.#chosen.add(key(proposal))
  }

  reset(): void {
    this.#asked++
    this.#similar = null
    this.#chosen.clear()
    this.#open = false
    this.#explained = false
    this.#error = null
  }
}

function key(page: { documentId: number; pageNo: number }): string {
  return `${page.documentId}/${page.pageNo}`
}

export const teach = new TeachState()
