import { parentPort, workerData } from 'node:worker_threads'
import { answerRequests } from '../threads/request-thread.js'
import { runBehindReview } from '../threads/behind-review.js'
import { createBackend } from './backends.js'
import type { PageOcr } from './ocr-layout.js'
import type { OcrThreadData } from './ocr-thread.js'
import { recognizePage, type OcrRequest } from './recognize-page.js'

// OCR on a thread of its own (see ocr-thread.ts); this is its message loop, one page at a time.
const port = parentPort
if (!port) throw new Error('ocr-worker.ts runs only as a worker thread')
const { backend: name, behindReview } = workerData as OcrThreadData
// Before the backend starts its own thread or process, which take this thread's priority.
if (behindReview) runBehindReview()
let backend: ReturnType<typeof createBackend> | undefined

answerRequests<OcrRequest, PageOcr>(port, (request) =>
  recognizePage((backend ??= createBackend(name)), request)
)
