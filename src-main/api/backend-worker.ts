import { parentPort, workerData } from 'node:worker_threads'
import { createBackend } from './backend.js'
import type { ThreadReply, ThreadRequest, ThreadStart } from './backend-thread.js'
import { messageOf } from '../shared/error-message.js'

// The backend on a thread of its own (see backend-thread.ts); this is its message loop.
const port = parentPort
if (!port) throw new Error('backend-worker.ts runs only as a worker thread')
const start = workerData as ThreadStart
const post = (reply: ThreadReply): void => port.postMessage(reply)

try {
  const backend = createBackend({
    dbFile: start.dbFile,
    author: start.author,
    emit: (name, payload) => post({ type: 'event', name, payload })
  })
  port.on('message', (request: ThreadRequest) => {
    if (request.type === 'call') {
      void backend
        .dispatch(request.method, request.input, request.author, request.claimant)
        .then((result) => post({ type: 'result', id: request.id, result }))
    } else {
      void backend.close().then(() => {
        post({ type: 'closed' })
        port.close()
      })
    }
  })
  post({ type: 'ready' })
} catch (error) {
  post({ type: 'failed', reason: messageOf(error) })
}
