import type { BackendName } from './backend-names.js'
import { defaultBackend } from './backends.js'
import { OcrThread } from './ocr-thread.js'

export type LazyThread = Readonly<{ get: () => OcrThread; close: () => Promise<void> }>

/**
 * The OCR thread, started on first use: a run where no page needs OCR starts no thread, loads no
 * model and does not even look for the tesseract program. `close` ends it if it was started.
 * `backend` null is the default backend, looked up then. `behindReview` is for a run a reviewer
 * started and keeps reviewing beside (ocr-thread.ts).
 */
export function lazyThread(backend: BackendName | null, behindReview = false): LazyThread {
  let thread: OcrThread | undefined
  return {
    get: () => (thread ??= new OcrThread(backend ?? defaultBackend(), behindReview)),
    close: async () => thread?.close()
  }
}
