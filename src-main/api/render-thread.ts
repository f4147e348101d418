import type { RenderedPage } from '../extract/render.js'
import { RequestThread } from '../threads/request-thread.js'

export type RenderRequest = Readonly<{
  file: string
  pageNo: number
  scale: number
  passwords: readonly string[]
}>

type Waiting = Readonly<{
  request: RenderRequest
  resolve: (page: RenderedPage) => void
  reject: (error: Error) => void
}>

const CLOSED = 'the renderer was closed'

/**
 * The backend's page images, rendered by MuPDF on a thread of their own: a slow rendering (a
 * scan at a high zoom takes seconds) never holds up the queries and saves that follow it.
 *
 * One rendering is under way at a time, and the one asked last goes next: what the reviewer
 * just asked for is what the screen waits for. Asked in turn, the queue's twenty thumbnails kept
 * the page opened from it waiting 0.9 s behind its heavy scans (30 ms alone); pages skipped by
 * clicking "next" quickly are rendered after the one shown, not before it.
 */
export class RenderThread {
  readonly #thread = new RequestThread<RenderRequest, RenderedPage>({
    worker: '../api/render-worker',
    workerData: null,
    label: 'render',
    closedReason: CLOSED
  })
  #waiting: Waiting[] = []
  #busy = false

  render(
    file: string,
    pageNo: number,
    scale: number,
    passwords: readonly string[] = []
  ): Promise<RenderedPage> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ request: { file, pageNo, scale, passwords }, resolve, reject })
      this.#next()
    })
  }

  close(): Promise<void> {
    for (const { reject } of this.#waiting.splice(0)) reject(new Error(CLOSED))
    return this.#thread.close()
  }

  #next(): void {
    if (this.#busy) return
    const latest = this.#waiting.pop()
    if (!latest) return
    this.#busy = true
    this.#thread
      .ask(latest.request)
      .then(latest.resolve, latest.reject)
      .finally(() => {
        this.#busy = false
        this.#next()
      })
  }
}
