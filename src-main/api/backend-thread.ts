import type { EventName, RpcResult } from '../shared/contract.js'
import type { Backend, BackendOptions } from './backend.js'
import { spawnWorker } from '../threads/worker-thread.js'

export type ThreadStart = Readonly<{ dbFile: string; author?: string }>
export type ThreadRequest =
  | Readonly<{
      type: 'call'
      id: number
      method: string
      input: unknown
      author?: string
      claimant?: number
    }>
  | Readonly<{ type: 'close' }>
export type ThreadReply =
  | Readonly<{ type: 'ready' }>
  | Readonly<{ type: 'failed'; reason: string }>
  | Readonly<{ type: 'result'; id: number; result: RpcResult<unknown> }>
  | Readonly<{ type: 'event'; name: EventName; payload: unknown }>
  | Readonly<{ type: 'closed' }>

/**
 * The backend on its own thread, behind the same `dispatch`. The desktop app uses it so that a
 * page rendering or a database query never holds up Electron's main process (its windows and
 * menus); the inputs and answers are structured-cloned, as they already are over IPC.
 */
export function startBackendThread(options: BackendOptions): Promise<Backend> {
  const worker = spawnWorker('../api/backend-worker', {
    dbFile: options.dbFile,
    author: options.author
  } satisfies ThreadStart)
  const pending = new Map<number, (result: RpcResult<unknown>) => void>()
  let nextId = 1
  let failure: string | null = null
  let closed: (() => void) | null = null

  const failAll = (reason: string): void => {
    failure = reason
    for (const resolve of pending.values()) {
      resolve({ ok: false, error: { code: 'internal', message: reason } })
    }
    pending.clear()
  }

  return new Promise((resolve, reject) => {
    worker.on('message', (reply: ThreadReply) => {
      if (reply.type === 'ready') {
        resolve({
          dispatch(method, input, author, claimant) {
            if (failure) {
              return Promise.resolve({ ok: false, error: { code: 'internal', message: failure } })
            }
            const id = nextId++
            return new Promise((done) => {
              pending.set(id, done)
              worker.postMessage({
                type: 'call',
                id,
                method,
                input,
                ...(author ? { author } : {}),
                ...(claimant === undefined ? {} : { claimant })
              } satisfies ThreadRequest)
            })
          },
          close() {
            if (failure) return worker.terminate().then(() => undefined)
            return new Promise<void>((done) => {
              closed = done
              worker.postMessage({ type: 'close' } satisfies ThreadRequest)
            })
          }
        })
      } else if (reply.type === 'failed') {
        reject(new Error(reply.reason))
      } else if (reply.type === 'result') {
        pending.get(reply.id)?.(reply.result)
        pending.delete(reply.id)
      } else if (reply.type === 'event') {
        options.emit(reply.name, reply.payload as never)
      } else {
        closed?.()
      }
    })
    worker.on('error', (error) => {
      reject(error)
      failAll(`the backend thread stopped: ${error.message}`)
    })
    worker.on('exit', (code) => {
      if (closed) closed()
      else failAll(`the backend thread exited (${code})`)
    })
  })
}
