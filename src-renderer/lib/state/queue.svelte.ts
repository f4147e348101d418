import type { QueueCursor, QueueFilter, QueueItem } from '@shared/contract'
import type { FlagCode } from '@shared/flags'
import { call } from '../backend/client'

const PAGE_SIZE = 100

/** The flagged pages, worst first, as the engine ranks them; the UI never re-sorts. */
class QueueState {
  /** At first the pages the engine did not pass as ok; the filters offer all of them. */
  #filter = $state.raw<QueueFilter>({ attention: true })
  #next: QueueCursor | null = null
  #items = $state.raw<QueueItem[]>([])
  #total = $state(0)
  #selected = $state(0)
  #loading = $state(false)
  #loaded = $state(false)
  /** Counts the loads, so that only the last one's answer is taken. */
  #serial = 0
  #flagCounts = $state.raw<readonly { code: FlagCode; pages: number }[]>([])

  /** Pages carrying each flag (within the filtered document, if any). */
  get flagCounts(): readonly { code: FlagCode; pages: number }[] {
    return this.#flagCounts
  }

  get filter(): QueueFilter {
    return this.#filter
  }

  get items(): QueueItem[] {
    return this.#items
  }

  get total(): number {
    return this.#total
  }

  get loading(): boolean {
    return this.#loading
  }

  get loaded(): boolean {
    return this.#loaded
  }

  get selected(): number {
    return this.#selected
  }

  get current(): QueueItem | undefined {
    return this.#items[this.#selected]
  }

  select(index: number): void {
    this.#selected = Math.max(0, Math.min(index, this.#items.length - 1))
    if (this.#selected >= this.#items.length - 10 && this.#next) {
      void this.more()
    }
  }

  selectPage(documentId: number, pageNo: number): void {
    const index = this.#items.findIndex((i) => i.documentId === documentId && i.pageNo === pageNo)
    if (index >= 0) this.#selected = index
  }

  /**
   * The rows of another filter go at once: a row of the earlier list clicked while the new one
   * loads would open a page the reviewer did not pick.
   */
  async setFilter(filter: QueueFilter): Promise<void> {
    this.#filter = filter
    this.#items = []
    this.#next = null
    this.#loaded = false
    await this.load()
  }

  async load(): Promise<void> {
    this.#loading = true
    const serial = ++this.#serial
    const filter = this.#filter
    const { documentId } = filter
    void call('pages.flagCounts', documentId === undefined ? {} : { documentId }).then(
      (counts) => {
        if (serial === this.#serial) this.#flagCounts = counts
      },
      () => {}
    )
    try {
      const result = await call('pages.queue', { filter, limit: PAGE_SIZE })
      // Only the answer to the last load is shown: an earlier one may arrive after it.
      if (serial !== this.#serial) return
      this.#items = result.items
      this.#next = result.next
      this.#total = result.total
      this.#selected = Math.min(this.#selected, Math.max(0, result.items.length - 1))
    } finally {
      if (serial === this.#serial) {
        this.#loading = false
        this.#loaded = true
      }
    }
  }

  async more(): Promise<void> {
    const after = this.#next
    if (this.#loading || !after) return
    this.#loading = true
    try {
      const serial = this.#serial
      const result = await call('pages.queue', { filter: this.#filter, after, limit: PAGE_SIZE })
      if (serial !== this.#serial) return
      this.#items = [...this.#items, ...result.items]
      this.#next = result.next
      this.#total = result.total
    } finally {
      this.#loading = false
    }
  }
}

export const queue = new QueueState()
