import { lazyThread } from '../ocr/lazy-thread.js'
import { ocrStoredPages, pagesToOcr } from '../ocr/stored-pages.js'
import type { WritableDB } from '../store/db.js'
import type { OcrRun } from './ingest-jobs.js'

/**
 * OCR of the pages a reviewer asked for, into the backend's own connection, on a thread of its
 * own started for the run. Cancelling stops the page under way at once (its thread is ended);
 * the pages stored before it stay OCR'd.
 */
export function ocrInto(db: WritableDB): OcrRun {
  return async (selection, { signal, onProgress }) => {
    // The reviewer who asked for it goes on opening pages meanwhile: those come first.
    const thread = lazyThread(null, true)
    const stop = () => void thread.close()
    signal.addEventListener('abort', stop, { once: true })
    try {
      await ocrStoredPages(db, pagesToOcr(db, selection), thread.get, {
        // Each page in the language OCR finds for it.
        languages: null,
        turn: selection.turn,
        signal,
        onProgress
      })
    } finally {
      signal.removeEventListener('abort', stop)
      await thread.close()
    }
  }
}
