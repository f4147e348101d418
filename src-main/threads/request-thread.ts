import type { Worker } from 'node:worker_threads'
import { spawnWorker } from './worker-thread.js'
import { messageOf } from '../shared/error-message.js'

/** What the main side posts to a request thread's worker: one request and the id to answer. */
export type ThreadRequest<Request> = Readonly<{ id: number; request: Request }>
/** What the worker posts back for each request: its answer, or why it failed. */
export type ThreadReply<Answer> =
  | Readonly<{ type: 'answered'; id: number; answer: Answer }>
  | Readonly<{ type: 'failed'; id: number; message: string }>

export type RequestThreadOptions = Readonly<{
  /** The worker module, as spawnWorker takes it (relative to src-main/threads/). */
  worker: string
  workerData: unknown
  /** Names the thread in the reasons its requests fail with ("the <label> thread exited (1)"). */
  label: string
  /** The reason the requests under way fail with when the thread is closed. */
  closedReason: string
}>

type Pending<Answer> = Readonly<{ resolve: (answer: Answer) => void; reject: (e: Error) => void }>

/**
 * Slow work (renderings, OCR) on a worker thread of its own, asked request by request, so that
 * nothing behind it on the calling thread waits. A thread that dies (out of memory on a huge
 * page) fails the requests under way; the next request starts a new one. Closing it fails the
 * requests under way and stops the one the worker is on, which is how a long run is cancelled.
 */
export class RequestThread<Request, Answer> {
  readonly #options: RequestThreadOptions
  #worker: Worker | null = null
  readonly #pending = new Map<number, Pending<Answer>>()
  #nextId = 1

  constructor(options: RequestThreadOptions) {
    this.#options = options
  }

  ask(request: Request): Promise<Answer> {
    const worker = this.#start()
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      worker.postMessage({ id, request } satisfies ThreadRequest<Request>)
    })
  }

  async close(): Promise<void> {
    const worker = this.#worker
    this.#worker = null
    this.#failAll(this.#options.closedReason)
    await worker?.terminate()
  }

  #start(): Worker {
    if (this.#worker) return this.#worker
    const { worker: name, workerData, label } = this.#options
    const worker = spawnWorker(name, { workerData })
    // An idle thread does not keep the process alive; its owner closes it when it closes.
    worker.unref()
    worker.on('message', (reply: ThreadReply<Answer>) => {
      const pending = this.#pending.get(reply.id)
      this.#pending.delete(reply.id)
      if (reply.type === 'answered') pending?.resolve(reply.answer)
      else pending?.reject(new Error(reply.message))
    })
    worker.on('error', (error) =>
      this.#stopped(worker, `the ${label} thread failed: ${error.message}`)
    )
    worker.on('exit', (code) => this.#stopped(worker, `the ${label} thread exited (${code})`))
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

/** The worker side: answers each request with `answer`, one at a time, in the order asked. */
export function answerRequests<Request, Answer>(
  port: {
    on: (event: 'message', listener: (m: ThreadRequest<Request>) => void) => void
    postMessage: (reply: ThreadReply<Answer>) => void
  },
  answer: (request: Request) => Promise<Answer>
): void {
  let queue: Promise<void> = Promise.resolve()
  port.on('message', ({ id, request }) => {
    queue = queue.then(async () => {
      try {
        port.postMessage({ type: 'answered', id, answer: await answer(request) })
      } catch (error) {
        const message = messageOf(error)
        port.postMessage({ type: 'failed', id, message })
      }
    })
  })
}
