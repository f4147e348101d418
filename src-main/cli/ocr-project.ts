import { getDocument } from '../store/documents.js'
import type { WritableDB } from '../store/db.js'
import { cascadeStored } from '../pipeline/stored-cascade.js'
import { plural } from '../shared/plural.js'
import type { CascadeChoice } from '../pipeline/cascade.js'

/**
 * `ingest --ocr`: the rest of the cascade over every page of the project that needs it (font
 * repair, then OCR of the pages still unusable), each document and page stored as it is done. A
 * line per failure on stderr, a summary line per stage on stdout when it had anything to do.
 * False when the signal stopped it (the next run does the rest).
 */
export async function ocrProject(
  db: WritableDB,
  choice: CascadeChoice,
  signal: AbortSignal
): Promise<boolean> {
  const started = Date.now()
  const tty = process.stderr.isTTY === true
  const name = (documentId: number) => getDocument(db, documentId)?.path ?? `document ${documentId}`
  const result = await cascadeStored(db, choice, {
    signal,
    onProgress: (progress) => {
      if (!tty) return
      const line =
        progress.stage === 'OCR'
          ? `OCR: page ${progress.progress.done} of ${progress.progress.total}`
          : `Font repair: ${name(progress.documentId)}: line ${progress.done} of ${progress.total}`
      process.stderr.write(`\r${line}\x1b[K`)
    }
  })
  if (tty) process.stderr.write('\r\x1b[K')
  for (const { documentId, reason } of result.repairFailed) {
    process.stderr.write(`recto: ${name(documentId)}: font repair failed (${reason})\n`)
  }
  for (const { documentId, reason } of result.verification.failed) {
    process.stderr.write(`recto: ${name(documentId)}: glyph verification failed (${reason})\n`)
  }
  for (const { documentId, page, reason } of result.ocr.failed) {
    process.stderr.write(`recto: ${name(documentId)}: page ${page}: OCR failed (${reason})\n`)
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.repaired.length > 0) {
    process.stdout.write(`Font repair: ${plural(result.repaired.length, 'document')} read again\n`)
  }
  const flagged = result.verification.flagged.length
  if (flagged > 0) {
    process.stdout.write(
      `Glyph verification: ${plural(flagged, 'page')} whose font map the glyphs contradict\n`
    )
  }
  if (result.ocr.total > 0) {
    const read = result.ocr.done - result.ocr.failed.length
    process.stdout.write(
      `OCR: ${read} of ${result.ocr.total} pages read, ${result.ocr.failed.length} failed; ${seconds} s\n`
    )
  }
  return !signal.aborted
}
