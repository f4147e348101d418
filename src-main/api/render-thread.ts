import type { Worker } from 'node:worker_threads'
import type { RenderedPage } from '../extract/render.js'
import { spawnWorker } from './worker-thread.js'

export type RenderRequest = Readonly<{ id: number; file: string; pageNo: number; scale: number }>
export type RenderReply =
  | Readonly<{ type: 'rendered'; id: number; png: Uint8Array; width: number; height: number }>
  | Readonly<{ type: 'failed'; id: number; message: string }>

type Pending = Readonly<{ resolve: (page: RenderedPage) => void; reject: (error: Error) => void }>

/**
 * The backend's page images, rendered by MuPDF on a thread of their own: a slow rendering (a
 * scan at a high zoom takes seconds) never holds up the queries and saves that follow it. A
 * thread that dies (out of memory on a huge page) fails the renderings under way; the next
 * rendering starts a new one.
 */
export class RenderThread {
  #worker: Worker | null = null
  readonly #pending = new Map<number, Pending>()
  #nextId = 1

  render(file: string, pageNo: number, scale: number): Promise<RenderedPage> {
    const worker = this.#start()
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      worker.postMessage({ id, file, pageNo, scale } satisfies RenderRequest)
    })
  }

  async close(): Promise<void> {
    const worker = this.#worker
    this.#worker = null
    this.#failAll('the renderer was closed')
    await worker?.terminate()
  }

  #start(): Worker {
    if (this.#worker) return this.#worker
    const worker = spawnWorker('render-worker', null)
    // An idle renderer does not keep the process alive; the backend closes it when it closes.
    worker.unref()
    worker.on('message', (reply: RenderReply) => {
      const pending = this.#pending.get(reply.id)
      this.#pending.delete(reply.id)
      if (reply.type === 'rendered') pending?.resolve(reply)
      else pending?.reject(new Error(reply.message))
    })
    worker.on('error', (error) =>
      this.#stopped(worker, `the render thread failed: ${error.message}`)
    )
    worker.on('exit', (code) => this.#stopped(worker, `the render thread exited (${code})`))
    this.#worker = worker
    return worker
  }

  #stopped(worker: Worker, reason: string): void {
    if (this.#worker !== worker) return
    this.#worker = null
    this.#failAll(reason)
  }

  #failAll(reason: string): void {
    for (const { reject } of this.#pending.values()) reject(new Error(reason))
    this.#pending.clear()
  }
}
