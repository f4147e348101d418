import type { RenderedPage } from '../extract/render.js'
import { RequestThread } from './request-thread.js'

export type RenderRequest = Readonly<{ file: string; pageNo: number; scale: number }>

/**
 * The backend's page images, rendered by MuPDF on a thread of their own: a slow rendering (a
 * scan at a high zoom takes seconds) never holds up the queries and saves that follow it.
 */
export class RenderThread {
  readonly #thread = new RequestThread<RenderRequest, RenderedPage>({
    worker: 'render-worker',
    workerData: null,
    label: 'render',
    closedReason: 'the renderer was closed'
  })

  render(file: string, pageNo: number, scale: number): Promise<RenderedPage> {
    return this.#thread.ask({ file, pageNo, scale })
  }

  close(): Promise<void> {
    return this.#thread.close()
  }
}
