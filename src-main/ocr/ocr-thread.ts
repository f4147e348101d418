import type { Worker } from 'node:worker_threads'
import { spawnWorker } from '../api/worker-thread.js'
import type { BackendName } from './backends.js'
import type { PageOcr } from './ocr-layout.js'
import type { OcrRequest } from './recognize-page.js'

export type OcrThreadRequest = Readonly<{ id: number; request: OcrRequest }>
export type OcrThreadReply =
  | Readonly<{ type: 'recognized'; id: number; ocr: PageOcr }>
  | Readonly<{ type: 'failed'; id: number; message: string }>

type Pending = Readonly<{ resolve: (ocr: PageOcr) => void; reject: (error: Error) => void }>

/**
 * OCR on a thread of its own: rendering a page at 300 dpi and recognising it takes seconds of
 * CPU, which must never stall the CLI's output, the HTTP thread or the review backend's queries.
 * Pages are recognised one at a time, in the order asked. Closing the thread stops the page under
 * way (that is how a cascade is cancelled); the next request starts a new thread.
 */
export class OcrThread {
  readonly #backend: BackendName
  #worker: Worker | null = null
  readonly #pending = new Map<number, Pending>()
  #nextId = 1

  constructor(backend: BackendName) {
    this.#backend = backend
  }

  get backend(): BackendName {
    return this.#backend
  }

  recognize(request: OcrRequest): Promise<PageOcr> {
    const worker = this.#start()
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      worker.postMessage({ id, request } satisfies OcrThreadRequest)
    })
  }

  async close(): Promise<void> {
    const worker = this.#worker
    this.#worker = null
    this.#failAll('OCR was stopped')
    await worker?.terminate()
  }

  #start(): Worker {
    if (this.#worker) return this.#worker
    const worker = spawnWorker('../ocr/ocr-worker', { backend: this.#backend })
    worker.unref()
    worker.on('message', (reply: OcrThreadReply) => {
      const pending = this.#pending.get(reply.id)
      this.#pending.delete(reply.id)
      if (reply.type === 'recognized') pending?.resolve(reply.ocr)
      else pending?.reject(new Error(reply.message))
    })
    worker.on('error', (error) => this.#stopped(worker, `the OCR thread failed: ${error.message}`))
    worker.on('exit', (code) => this.#stopped(worker, `the OCR thread exited (${code})`))
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
