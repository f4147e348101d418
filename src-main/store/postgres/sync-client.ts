import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'
import { threadImport } from '../../threads/worker-thread.js'
import type { PgReply, PgRequest } from './messages.js'

/** The longest the store waits for one statement before it gives up on the server. */
const REPLY_TIMEOUT_MS = 10 * 60_000

/** PostgreSQL's own refusal, with its SQLSTATE (23505 a unique key, 40001 serialization). */
export class PostgresError extends Error {
  override name = 'PostgresError'
  constructor(
    message: string,
    readonly code: string | undefined
  ) {
    super(message)
  }
}

/**
 * The thread runs `pg-worker` beside this module (threads/worker-thread.ts finds it). A thread
 * that fails to load replies with the failure, so the store's thread, which cannot see the
 * thread's error event while it waits, is not left waiting.
 */
function spawn(data: object, transfer: MessagePort): Worker {
  const bootstrap = `${threadImport('../store/postgres/pg-worker')}
    .catch((error) => import('node:worker_threads').then(({ workerData }) => {
      workerData.port.postMessage({ ok: false, message: String(error && error.message || error) })
      Atomics.store(workerData.signal, 0, 1)
      Atomics.notify(workerData.signal, 0)
    }))`
  return new Worker(bootstrap, { eval: true, workerData: data, transferList: [transfer] })
}

/**
 * One PostgreSQL connection that answers synchronously, so the store's synchronous query functions
 * run on it unchanged. node-postgres runs in a thread of its own; each request is posted to it and
 * this thread sleeps in Atomics.wait until the reply is there, then takes it off the port with
 * receiveMessageOnPort (the event loop never turns while waiting).
 */
export class SyncPgClient {
  readonly #signal = new Int32Array(new SharedArrayBuffer(4))
  readonly #port: MessagePort
  readonly #worker: Worker
  #closed = false

  /** `session`: a statement run on every connection opened, the first and any after an outage. */
  constructor(url: string, session: string | null = null) {
    const { port1, port2 } = new MessageChannel()
    this.#port = port1
    this.#worker = spawn({ url, session, signal: this.#signal, port: port2 }, port2)
    // The thread must not keep a finished CLI alive; close() ends it properly.
    this.#worker.unref()
    this.#port.unref()
  }

  request(request: PgRequest): Extract<PgReply, { ok: true }> {
    if (this.#closed) throw new Error('the database connection is closed')
    this.#port.postMessage(request)
    const reply = this.#awaitReply()
    if (!reply.ok) throw new PostgresError(reply.message, reply.code)
    return reply
  }

  /**
   * The signal is cleared before each look at the port: a reply posted after the look sets it
   * again, so the wait cannot sleep through it.
   */
  #awaitReply(): PgReply {
    const deadline = Date.now() + REPLY_TIMEOUT_MS
    for (;;) {
      Atomics.store(this.#signal, 0, 0)
      const received = receiveMessageOnPort(this.#port)
      if (received) return received.message as PgReply
      const left = deadline - Date.now()
      if (left <= 0 || Atomics.wait(this.#signal, 0, 0, left) === 'timed-out') {
        throw new Error(`PostgreSQL did not answer within ${REPLY_TIMEOUT_MS / 1000} s`)
      }
    }
  }

  /** Ends the thread without a word to the server (its connection failed, or never opened). */
  terminate(): void {
    this.#closed = true
    void this.#worker.terminate()
  }

  close(): void {
    if (this.#closed) return
    try {
      this.request({ kind: 'close' })
    } finally {
      this.#closed = true
      void this.#worker.terminate()
    }
  }
}
