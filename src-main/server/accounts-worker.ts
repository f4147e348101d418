import { parentPort, workerData } from 'node:worker_threads'
import { messageOf } from '../shared/error-message.js'
import { openDatabase } from '../store/open.js'
import { isConnectionError, unreachableMessage } from '../store/postgres/unreachable.js'
import type { ThreadReply, ThreadRequest } from '../threads/request-thread.js'
import { storeAccounts, type Accounts } from './accounts.js'
import type { AccountsRequest } from './accounts-thread.js'

// The accounts and claims of `recto serve` (see accounts-thread.ts); this is its message loop.
const port = parentPort
if (!port) throw new Error('accounts-worker.ts runs only as a worker thread')
const { location } = workerData as { location: string }
// Opened by the first request: a thread started while the database restarts answers that it is
// unreachable, and opens it on a later request, instead of ending.
let accounts: Accounts | undefined

function reason(error: unknown): string {
  const message = messageOf(error)
  return accounts === undefined && isConnectionError(error) ? unreachableMessage(message) : message
}

// Requests are not queued behind each other's answers: a login's password hash runs on libuv's
// pool for tens of milliseconds, and the claims and session checks asked meanwhile go on.
port.on('message', ({ id, request }: ThreadRequest<AccountsRequest>) => {
  Promise.resolve()
    .then(() => {
      accounts ??= storeAccounts(openDatabase(location))
      const run = accounts[request.method] as (...args: unknown[]) => Promise<unknown>
      return run(...request.args)
    })
    .then(
      (answer) => port.postMessage({ type: 'answered', id, answer } satisfies ThreadReply<unknown>),
      (error: unknown) =>
        port.postMessage({
          type: 'failed',
          id,
          message: reason(error)
        } satisfies ThreadReply<unknown>)
    )
})
