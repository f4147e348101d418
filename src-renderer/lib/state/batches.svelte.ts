import type { BatchResult } from '@shared/contract'
import { call } from '../backend/client'
import { messageOf } from '@shared/error-message'
import { plural } from '@shared/plural'

/**
 * The last action across pages (a taught fix, a find and replace) this screen made, for one
 * Undo to take back on every page; null once undone or before any.
 */
class BatchesState {
  #last = $state.raw<BatchResult | null>(null)
  #note = $state<string | null>(null)
  #error = $state<string | null>(null)

  get last(): BatchResult | null {
    return this.#last
  }

  /** What the last apply or undo did, in words, for the status line. */
  get note(): string | null {
    return this.#note
  }

  get error(): string | null {
    return this.#error
  }

  made(batch: BatchResult): void {
    this.#last = batch.pages > 0 ? batch : null
    this.#error = null
    const skipped = batch.skipped.length > 0 ? ` (${batch.skipped.length} left as they were)` : ''
    this.#note = `${plural(batch.pages, 'page')} changed: ${batch.label}${skipped}`
  }

  async undoLast(): Promise<void> {
    const last = this.#last
    if (!last) return
    try {
      const undone = await call('batches.undo', { batchId: last.batchId })
      this.#last = null
      this.#error = null
      const skipped =
        undone.skipped.length > 0
          ? `; ${plural(undone.skipped.length, 'page')} changed since, kept`
          : ''
      this.#note = `Undone on ${plural(undone.pages, 'page')}: ${undone.label}${skipped}`
    } catch (error) {
      this.#error = messageOf(error)
    }
  }

  reset(): void {
    this.#last = null
    this.#note = null
    this.#error = null
  }
}

export const batches = new BatchesState()
