import type { PageLayout } from '../shared/layout.js'

/**
 * The layouts a worker just extracted, kept for the document pass that follows, so it need not
 * read and inflate them back from the project (a millisecond or more per page, a tenth of the
 * pass). Bounded by the size of their encoded form: past the bound, and for pages extracted by
 * an earlier run, the pass reads the stored layout as before. One document at a time, the one
 * the worker is ingesting.
 */
export class KeptLayouts {
  readonly #limitBytes: number
  #documentId = -1
  #bytes = 0
  readonly #layouts = new Map<number, PageLayout>()

  constructor(limitBytes: number) {
    this.#limitBytes = limitBytes
  }

  keep(documentId: number, layout: PageLayout, encodedBytes: number): void {
    if (documentId !== this.#documentId) this.clear(documentId)
    if (this.#bytes + encodedBytes > this.#limitBytes) return
    this.#bytes += encodedBytes
    this.#layouts.set(layout.page, layout)
  }

  /** Whether the layouts of all `pageCount` pages of the document are kept. */
  holdsAll(documentId: number, pageCount: number): boolean {
    return documentId === this.#documentId && this.#layouts.size === pageCount
  }

  /** The page's layout, handed over once; undefined when it was not kept. */
  take(documentId: number, pageNo: number): PageLayout | undefined {
    if (documentId !== this.#documentId) return undefined
    const layout = this.#layouts.get(pageNo)
    this.#layouts.delete(pageNo)
    return layout
  }

  clear(documentId = -1): void {
    this.#documentId = documentId
    this.#bytes = 0
    this.#layouts.clear()
  }
}
