import { RequestThread } from '../threads/request-thread.js'
import type { BackendName } from './backend-names.js'
import type { PageOcr } from './ocr-layout.js'
import type { OcrRequest } from './recognize-page.js'

export type OcrThreadData = Readonly<{ backend: BackendName; behindReview: boolean }>

/**
 * OCR on a thread of its own: rendering a page at 300 dpi and recognising it takes seconds of
 * CPU, which must never stall the CLI's output, the HTTP thread or the review backend's queries.
 * Pages are recognised one at a time, in the order asked. Closing the thread stops the page under
 * way (that is how a cascade is cancelled); the next request starts a new thread.
 */
export class OcrThread {
  readonly #backend: BackendName
  readonly #thread: RequestThread<OcrRequest, PageOcr>

  /** `behindReview`: the thread and what it starts yield the CPU to the review (behind-review.ts). */
  constructor(backend: BackendName, behindReview: boolean) {
    this.#backend = backend
    this.#thread = new RequestThread({
      worker: '../ocr/ocr-worker',
      workerData: { backend, behindReview } satisfies OcrThreadData,
      label: 'OCR',
      closedReason: 'OCR was stopped'
    })
  }

  get backend(): BackendName {
    return this.#backend
  }

  recognize(request: OcrRequest): Promise<PageOcr> {
    return this.#thread.ask(request)
  }

  close(): Promise<void> {
    return this.#thread.close()
  }
}
