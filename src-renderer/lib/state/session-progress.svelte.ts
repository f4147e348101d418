import type { QueueFilter } from '@shared/contract'
import { call } from '../backend/client'

type PageKey = Readonly<{ documentId: number; pageNo: number }>

/** Pages needing work: flagged by the engine and not reviewed yet, whatever the queue shows. */
export const NEEDING_WORK: QueueFilter = { attention: true, status: 'unreviewed' }

const FINISHED = new Set(['approved', 'corrected', 'rejected'])
const keyOf = (page: PageKey) => `${page.documentId}/${page.pageNo}`

/**
 * What the reviewer finished since this tab opened, and how many pages still need work: the
 * header's "n of N done", N being the finished ones and those left.
 */
class SessionProgress {
  /** Keys of the finished pages; an array replaced whole, so the count follows it. */
  #finished = $state.raw<readonly string[]>([])
  #left = $state<number | null>(null)
  /** Why the last n, p or w opened no page; null once another did. */
  note = $state<string | null>(null)

  get done(): number {
    return this.#finished.length
  }

  /** Pages still needing work, once counted. */
  get left(): number | null {
    return this.#left
  }

  /** The engine stored a page's status: finished pages count, a page reopened does not. */
  stored(page: PageKey, status: string): void {
    const key = keyOf(page)
    const others = this.#finished.filter((other) => other !== key)
    const finished = FINISHED.has(status)
    if (finished === others.length < this.#finished.length) return
    this.#finished = finished ? [...others, key] : others
    void this.count()
  }

  nothingThere(direction: 'next' | 'previous' | 'work', team: boolean): void {
    this.note =
      direction === 'work' || team
        ? 'No other page needs work: every flagged page is reviewed.'
        : `No ${direction} page in the queue as it is filtered now: w opens the next page needing work, whatever the filter.`
  }

  async count(): Promise<void> {
    try {
      this.#left = (await call('pages.queue', { filter: NEEDING_WORK, limit: 1 })).total
    } catch {
      // The count waits for the next answer; the header shows what it had.
    }
  }

  /** The worst page needing work other than `here`, whatever the queue's filter; null: none. */
  async next(here: PageKey): Promise<PageKey | null> {
    const { items } = await call('pages.queue', { filter: NEEDING_WORK, limit: 2 })
    const item = items.find((i) => i.documentId !== here.documentId || i.pageNo !== here.pageNo)
    return item ? { documentId: item.documentId, pageNo: item.pageNo } : null
  }
}

export const session = new SessionProgress()
