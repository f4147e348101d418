import { parentPort, workerData } from 'node:worker_threads'
import { messageOf } from '../shared/error-message.js'
import { openDatabase } from '../store/open.js'
import type { ThreadReply, ThreadRequest } from '../threads/request-thread.js'
import { storeAccounts } from './accounts.js'
import type { AccountsRequest } from './accounts-thread.js'

// The accounts and claims of `recto serve` (see accounts-thread.ts); this is its message loop.
const port = parentPort
if (!port) throw new Error('accounts-worker.ts runs only as a worker thread')
const { location } = workerData as { location: string }
const accounts = storeAccounts(openDatabase(location))

// Requests are not queued behind each other's answers: a login's password hash runs on libuv's
// pool for tens of milliseconds, and the claims and session checks asked meanwhile go on.
port.on('message', ({ id, request }: ThreadRequest<AccountsRequest>) => {
  const run = accounts[request.method] as (...args: unknown[]) => Promise<unknown>
  run(...request.args).then(
    (answer) => port.postMessage({ type: 'answered', id, answer } satisfies ThreadReply<unknown>),
    (error: unknown) =>
      port.postMessage({
        type: 'failed',
        id,
        message: messageOf(error)
      } satisfies ThreadReply<unknown>)
  )
})
