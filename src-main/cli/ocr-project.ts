import { getDocument } from '../store/documents.js'
import type { WritableDB } from '../store/db.js'
import { ocrStoredPages, pagesToOcr } from '../ocr/stored-pages.js'
import { lazyThread } from '../ocr/lazy-thread.js'
import type { OcrChoice } from './ocr-options.js'

/**
 * `ingest --ocr`: every page of the project that needs OCR and has not had it, one by one, each
 * stored as it is read. A line per failed page on stderr, a summary line on stdout when there was
 * anything to read. False when the signal stopped it (the next run reads the rest).
 */
export async function ocrProject(
  db: WritableDB,
  choice: OcrChoice,
  signal: AbortSignal
): Promise<boolean> {
  const pages = pagesToOcr(db)
  if (pages.length === 0) return true
  const started = Date.now()
  const thread = lazyThread(choice.backend)
  const tty = process.stderr.isTTY === true
  try {
    const result = await ocrStoredPages(db, pages, thread.get, {
      languages: choice.languages,
      signal,
      onProgress: ({ done, total }) => {
        if (tty) process.stderr.write(`\rOCR: page ${done} of ${total}\x1b[K`)
      }
    })
    if (tty) process.stderr.write('\r\x1b[K')
    for (const { documentId, page, reason } of result.failed) {
      const name = getDocument(db, documentId)?.path ?? `document ${documentId}`
      process.stderr.write(`recto: ${name}: page ${page}: OCR failed (${reason})\n`)
    }
    const read = result.done - result.failed.length
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    process.stdout.write(
      `OCR: ${read} of ${result.total} pages read, ${result.failed.length} failed; ${seconds} s\n`
    )
    return !signal.aborted
  } finally {
    await thread.close()
  }
}
