import { parentPort, workerData } from 'node:worker_threads'
import { answerRequests } from '../api/request-thread.js'
import type { BackendName } from './backend-names.js'
import { createBackend } from './backends.js'
import type { PageOcr } from './ocr-layout.js'
import { recognizePage, type OcrRequest } from './recognize-page.js'

// OCR on a thread of its own (see ocr-thread.ts); this is its message loop, one page at a time.
const port = parentPort
if (!port) throw new Error('ocr-worker.ts runs only as a worker thread')
const { backend: name } = workerData as { backend: BackendName }
let backend: ReturnType<typeof createBackend> | undefined

answerRequests<OcrRequest, PageOcr>(port, (request) =>
  recognizePage((backend ??= createBackend(name)), request)
)
