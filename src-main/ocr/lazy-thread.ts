import type { BackendName } from './backend-names.js'
import { defaultBackend } from './backends.js'
import { OcrThread } from './ocr-thread.js'

export type LazyThread = Readonly<{ get: () => OcrThread; close: () => Promise<void> }>

/**
 * The OCR thread, started on first use: a run where no page needs OCR starts no thread, loads no
 * model and does not even look for the tesseract program. `close` ends it if it was started.
 * `backend` null is the default backend, looked up then.
 */
export function lazyThread(backend: BackendName | null): LazyThread {
  let thread: OcrThread | undefined
  return {
    get: () => (thread ??= new OcrThread(backend ?? defaultBackend())),
    close: async () => thread?.close()
  }
}
