import { parentPort, workerData } from 'node:worker_threads'
import { createBackend, type BackendName } from './backends.js'
import type { OcrThreadReply, OcrThreadRequest } from './ocr-thread.js'
import { recognizePage } from './recognize-page.js'

// OCR on a thread of its own (see ocr-thread.ts); this is its message loop, one page at a time.
const port = parentPort
if (!port) throw new Error('ocr-worker.ts runs only as a worker thread')
const { backend: name } = workerData as { backend: BackendName }
const post = (reply: OcrThreadReply): void => port.postMessage(reply)
let queue: Promise<void> = Promise.resolve()
let backend: ReturnType<typeof createBackend> | undefined

port.on('message', ({ id, request }: OcrThreadRequest) => {
  queue = queue.then(async () => {
    try {
      backend ??= createBackend(name)
      post({ type: 'recognized', id, ocr: await recognizePage(backend, request) })
    } catch (error) {
      post({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) })
    }
  })
})
