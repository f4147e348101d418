import type { Output, TextMatch } from '@shared/contract'
import { SvelteSet } from 'svelte/reactivity'
import { call } from '../backend/client'
import { batches } from './batches.svelte'
import { messageOf } from '@shared/error-message'

type Suggestion = Output<'replace.suggestions'>[number]

/** A page's matches, as the screen lists them: one row a page, ticked to be replaced. */
export type PageMatches = Readonly<{
  key: string
  documentId: number
  documentName: string
  pageNo: number
  matches: readonly TextMatch[]
}>

/** Find and replace across the project: the query, its matches by page, the ticked pages. */
class ReplaceState {
  pattern = $state('')
  replacement = $state('')
  regex = $state(false)
  caseSensitive = $state(true)
  /** The one document to look in, or null for the whole project. */
  documentId = $state<number | null>(null)
  #pages = $state.raw<PageMatches[] | null>(null)
  #truncated = $state(false)
  readonly #unticked = new SvelteSet<string>()
  #busy = $state(false)
  #error = $state<string | null>(null)
  #suggestions = $state.raw<Suggestion[] | null>(null)

  /** The last search's matches by page; null before any search. */
  get pages(): readonly PageMatches[] | null {
    return this.#pages
  }

  get truncated(): boolean {
    return this.#truncated
  }

  get busy(): boolean {
    return this.#busy
  }

  get error(): string | null {
    return this.#error
  }

  get suggestions(): readonly Suggestion[] | null {
    return this.#suggestions
  }

  isTicked(page: PageMatches): boolean {
    return !this.#unticked.has(page.key)
  }

  get tickedCount(): number {
    return (this.#pages ?? []).filter((page) => this.isTicked(page)).length
  }

  toggle(page: PageMatches): void {
    if (!this.#unticked.delete(page.key)) this.#unticked.add(page.key)
  }

  /** The text a match becomes, as the engine's replace makes it (groups filled in). */
  preview(match: string): string {
    try {
      const flags = this.caseSensitive ? 'u' : 'iu'
      if (!this.regex) return this.replacement
      return match.replace(new RegExp(this.pattern, flags), this.replacement)
    } catch {
      return this.replacement
    }
  }

  #query() {
    return { pattern: this.pattern, regex: this.regex, caseSensitive: this.caseSensitive }
  }

  async find(): Promise<void> {
    if (this.pattern === '') return
    this.#busy = true
    try {
      const found = await call('replace.find', {
        query: this.#query(),
        ...(this.documentId === null ? {} : { documentIds: [this.documentId] })
      })
      // The engine lists matches page by page, in document and page order.
      const pages: PageMatches[] = []
      for (const match of found.matches) {
        const key = `${match.documentId}/${match.pageNo}`
        const last = pages.at(-1)
        if (last?.key === key) {
          pages[pages.length - 1] = { ...last, matches: [...last.matches, match] }
        } else {
          const { documentId, documentName, pageNo } = match
          pages.push({ key, documentId, documentName, pageNo, matches: [match] })
        }
      }
      this.#pages = pages
      this.#truncated = found.truncated
      this.#unticked.clear()
      this.#error = null
    } catch (error) {
      this.#pages = null
      this.#error = messageOf(error)
    } finally {
      this.#busy = false
    }
  }

  /** Replaces on the ticked pages, one revision each, as one undoable action; then finds again. */
  async replace(): Promise<void> {
    const pages = (this.#pages ?? [])
      .filter((page) => this.isTicked(page))
      .map((page) => ({ documentId: page.documentId, pageNo: page.pageNo }))
    if (pages.length === 0 || this.#busy) return
    this.#busy = true
    try {
      const result = await call('replace.apply', {
        query: this.#query(),
        replacement: this.replacement,
        pages
      })
      batches.made(result)
      this.#error = null
    } catch (error) {
      this.#error = messageOf(error)
    } finally {
      this.#busy = false
    }
    await this.find()
  }

  async undo(): Promise<void> {
    await batches.undoLast()
    await this.find()
  }

  async suggest(): Promise<void> {
    try {
      this.#suggestions = await call(
        'replace.suggestions',
        this.documentId === null ? {} : { documentIds: [this.documentId] }
      )
    } catch (error) {
      this.#error = messageOf(error)
    }
  }

  /** Takes a suggestion as the query: the word, literally, and what it was meant to be. */
  async take(suggestion: Suggestion): Promise<void> {
    this.pattern = suggestion.word
    this.replacement = suggestion.fixed
    this.regex = false
    this.caseSensitive = true
    await this.find()
  }
}

export const replace = new ReplaceState()
