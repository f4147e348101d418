import { ocrStoredPages, pagesToOcr } from '../ocr/stored-pages.js'
import type { WarmOcrThread } from '../ocr/warm-thread.js'
import { cascadeStored } from '../pipeline/stored-cascade.js'
import type { WritableDB } from '../store/db.js'
import { storedPageNumbers } from '../store/pages.js'
import type { OcrRun } from './ingest-jobs.js'
import type { SessionPasswords } from './session-passwords.js'

/**
 * What a reviewer asks OCR for, into the backend's own connection. One page (or a turn) is read by
 * OCR as asked, on the backend's warm thread (`pageThread`). A document goes through the rest of
 * the cascade, on threads of its own started for the run: its fonts repaired first, then OCR of
 * only the pages still unusable, so a page whose only fault is a font map keeps its exact glyphs.
 * Cancelling stops the line or page under way at once (its thread is ended); what was stored
 * before it stays. An encrypted file opens with the passwords given this session.
 */
export function ocrInto(
  db: WritableDB,
  passwords: SessionPasswords,
  pageThread: WarmOcrThread
): OcrRun {
  return async (selection, { signal, onProgress, onRepaired, beforeStore, author }) => {
    if (selection.page === undefined && selection.turn === undefined) {
      await cascadeStored(
        db,
        // Each page in the language OCR finds for it.
        { backend: null, languages: null, passwords: passwords.list() },
        {
          ...(selection.documentId === undefined ? {} : { documentId: selection.documentId }),
          ...(selection.documentIds === undefined ? {} : { documentIds: selection.documentIds }),
          signal,
          // The reviewer who asked for it goes on opening pages meanwhile: those come first.
          behindReview: true,
          ...(beforeStore ? { beforeStore } : {}),
          ...(author === undefined ? {} : { author }),
          onProgress: (progress) => {
            if (progress.stage === 'OCR') onProgress(progress.progress)
          },
          onRepaired: (documents) =>
            onRepaired?.(
              documents.flatMap((documentId) =>
                storedPageNumbers(db, documentId).map((page) => ({ documentId, page }))
              )
            )
        }
      )
      return
    }
    const stop = () => void pageThread.stop()
    signal.addEventListener('abort', stop, { once: true })
    try {
      await ocrStoredPages(db, pagesToOcr(db, selection), () => pageThread.take(), {
        languages: null,
        passwords: passwords.list(),
        turn: selection.turn,
        signal,
        onProgress,
        ...(beforeStore ? { beforeStore } : {}),
        ...(author === undefined ? {} : { author })
      })
    } finally {
      signal.removeEventListener('abort', stop)
      pageThread.release()
    }
  }
}
