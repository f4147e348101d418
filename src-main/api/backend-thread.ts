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

/** A restart of a thread that ended waits this long at first, then longer, up to the longest. */
const FIRST_RESTART_MS = 500
const LONGEST_RESTART_MS = 4000

/** One backend thread, and why it ended when it ends before it is closed. */
type RunningThread = Readonly<{ backend: Backend; ended: Promise<string> }>

function failedCall(message: string): Promise<RpcResult<unknown>> {
  return Promise.resolve({ ok: false, error: { code: 'internal', message } })
}

function startThread(options: BackendOptions): Promise<RunningThread> {
  const worker = spawnWorker('../api/backend-worker', {
    workerData: { dbFile: options.dbFile, author: options.author } satisfies ThreadStart
  })
  const pending = new Map<number, (result: RpcResult<unknown>) => void>()
  let nextId = 1
  let failure: string | null = null
  let closed: (() => void) | null = null
  let onEnded: (reason: string) => void = () => undefined
  const ended = new Promise<string>((resolve) => (onEnded = resolve))

  const failAll = (reason: string): void => {
    if (failure === null) onEnded(reason)
    failure = reason
    for (const resolve of pending.values()) {
      resolve({ ok: false, error: { code: 'internal', message: reason } })
    }
    pending.clear()
  }

  const backend: Backend = {
    dispatch(method, input, author, claimant) {
      if (failure) return failedCall(failure)
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
  }

  return new Promise((resolve, reject) => {
    worker.on('message', (reply: ThreadReply) => {
      if (reply.type === 'ready') {
        resolve({ backend, ended })
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

/**
 * The backend on its own thread, behind the same `dispatch`. The desktop app uses it so that a
 * page rendering or a database query never holds up Electron's main process (its windows and
 * menus); the inputs and answers are structured-cloned, as they already are over IPC.
 *
 * A thread that ends unasked (an error nothing caught) is started again, with a growing wait
 * while its database refuses it: meanwhile calls fail with why and that it is restarting, and
 * once it is back they are answered again, as `recto serve` must for a whole team. Only the first
 * start's failure is thrown: a project that cannot be opened at all is the caller's to report.
 */
export async function startBackendThread(options: BackendOptions): Promise<Backend> {
  let current: RunningThread | null = await startThread(options)
  let down = ''
  let closing = false
  let wait = FIRST_RESTART_MS
  let timer: NodeJS.Timeout | undefined

  const watch = (running: RunningThread): void => {
    void running.ended.then((reason) => {
      if (closing || current !== running) return
      current = null
      down = reason
      restartLater()
    })
  }
  const restartLater = (): void => {
    timer = setTimeout(() => {
      startThread(options).then(
        (running) => {
          if (closing) return void running.backend.close()
          current = running
          wait = FIRST_RESTART_MS
          watch(running)
        },
        (error: unknown) => {
          down = `the backend thread cannot start: ${(error as Error).message}`
          wait = Math.min(wait * 2, LONGEST_RESTART_MS)
          if (!closing) restartLater()
        }
      )
    }, wait)
  }
  watch(current)

  return {
    dispatch(method, input, author, claimant) {
      if (current === null) return failedCall(`${down}; restarting`)
      return current.backend.dispatch(method, input, author, claimant)
    },
    async close() {
      closing = true
      clearTimeout(timer)
      await current?.backend.close()
    }
  }
}
