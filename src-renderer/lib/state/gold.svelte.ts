import type { GoldEntry, Output, ScoreReport } from '@shared/contract'
import { call, on } from '../backend/client'
import { messageOf } from '@shared/error-message'

type ExportReport = Output<'gold.export'>

/** The gold set: which pages it holds, exporting it (with progress), and scoring against it. */
class GoldState {
  #entries = $state.raw<GoldEntry[]>([])
  #total = $state(0)
  #loaded = $state(false)
  #dir = $state('')
  #perDocument = $state(false)
  #exporting = $state(false)
  #progress = $state.raw<{ done: number; total: number } | null>(null)
  #report = $state.raw<ExportReport | null>(null)
  #scoring = $state(false)
  #scores = $state.raw<ScoreReport | null>(null)
  #error = $state<string | null>(null)

  get entries(): GoldEntry[] {
    return this.#entries
  }
  get total(): number {
    return this.#total
  }
  get loaded(): boolean {
    return this.#loaded
  }
  get dir(): string {
    return this.#dir
  }
  set dir(value: string) {
    this.#dir = value
  }
  /** One entry per document (its reviewed pages) instead of one per page. */
  get perDocument(): boolean {
    return this.#perDocument
  }
  set perDocument(value: boolean) {
    this.#perDocument = value
  }
  get exporting(): boolean {
    return this.#exporting
  }
  get progress(): { done: number; total: number } | null {
    return this.#progress
  }
  get report(): ExportReport | null {
    return this.#report
  }
  get scoring(): boolean {
    return this.#scoring
  }
  get scores(): ScoreReport | null {
    return this.#scores
  }
  get error(): string | null {
    return this.#error
  }

  async load(): Promise<void> {
    try {
      const result = await call('gold.entries', {})
      this.#entries = result.items
      this.#total = result.total
      if (this.#dir === '') this.#dir = result.defaultDir
      this.#error = null
    } catch (error) {
      this.#error = messageOf(error)
    } finally {
      this.#loaded = true
    }
  }

  async export(): Promise<void> {
    if (this.#exporting || this.#dir.trim() === '') return
    this.#exporting = true
    this.#progress = { done: 0, total: this.#total }
    this.#error = null
    try {
      this.#report = await call('gold.export', {
        dir: this.#dir.trim(),
        perDocument: this.#perDocument
      })
    } catch (error) {
      this.#error = messageOf(error)
    } finally {
      this.#exporting = false
    }
  }

  async score(): Promise<void> {
    if (this.#scoring || this.#dir.trim() === '') return
    this.#scoring = true
    this.#error = null
    try {
      this.#scores = await call('gold.score', { dir: this.#dir.trim() })
    } catch (error) {
      this.#error = messageOf(error)
    } finally {
      this.#scoring = false
    }
  }

  listen(): () => void {
    return on('gold.progress', (progress) => {
      if (this.#exporting) this.#progress = progress
    })
  }

  reset(): void {
    this.#entries = []
    this.#total = 0
    this.#loaded = false
    this.#dir = ''
    this.#perDocument = false
    this.#exporting = false
    this.#progress = null
    this.#report = null
    this.#scoring = false
    this.#scores = null
    this.#error = null
  }
}

export const gold = new GoldState()
