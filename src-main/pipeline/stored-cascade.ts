import { lazyThread } from '../ocr/lazy-thread.js'
import { ocrStoredPages, pagesToOcr, type OcrProgress } from '../ocr/stored-pages.js'
import { lineRecognizer } from '../repair/line-backend.js'
import type { LineRecognizer } from '../repair/recognizer.js'
import { repairStoredDocument } from '../repair/stored-repair.js'
import type { WritableDB } from '../store/db.js'
import { documentsToRepair } from '../store/font-maps.js'
import { repairLanguage, type CascadeChoice } from './cascade.js'
import { messageOf } from '../shared/error-message.js'
import { verifyStoredDocuments, type StoredVerification } from '../verify/stored-verify.js'

/**
 * Where the project's cascade is: the font repair stage counts the glyph lines it reads of the
 * document under way, the OCR stage the pages it reads (with the one just stored, to redraw).
 */
export type StoredCascadeProgress =
  | Readonly<{ stage: 'font repair'; documentId: number; done: number; total: number }>
  | Readonly<{ stage: 'OCR'; progress: OcrProgress }>

export type StoredCascadeOptions = Readonly<{
  /** One document's pages (the reviewer's "OCR" of a document); the whole project without. */
  documentId?: number
  /** The documents one ingest read, when the cascade follows it; no other's pages change. */
  documentIds?: readonly number[]
  signal?: AbortSignal
  onProgress?: (progress: StoredCascadeProgress) => void
  /** Documents extracted and checked again with repaired maps, as soon as they are stored. */
  onRepaired?: (documents: readonly number[]) => void
  /** For a run a reviewer started and keeps reviewing beside: its threads yield the CPU. */
  behindReview?: boolean
  /** Checks, as a page's OCR is stored, that it may be (see StoredOcrOptions). */
  beforeStore?: (page: { documentId: number; page: number }) => void
  /** Who signs the revisions OCR adds (see StoredOcrOptions). */
  author?: string
}>

export type StoredCascadeResult = Readonly<{
  /** Documents whose fonts a repair stored or applied, and why each one failed that did. */
  repaired: readonly number[]
  repairFailed: readonly Readonly<{ documentId: number; reason: string }>[]
  /** The read-back of doubted fonts against their glyphs, between the repair and OCR. */
  verification: StoredVerification
  ocr: OcrProgress
}>

/**
 * The cascade over a project's stored pages, after ingest has run stage 1 (text layer → checks)
 * on every page; the same chain as pipeline/cascade.ts:
 *
 * 2. font repair of every document with a page whose fonts lack a usable map: each program is
 *    learned once (from the first document that needs it) and stored, and every document
 *    embedding it is extracted and checked again with its map (repair/stored-repair.ts);
 *    verification then reads the doubted fonts of the documents asked for and of those the
 *    repair read again back against their glyphs (verify/stored-verify.ts: a repair that learned
 *    a code wrong is found here), so a page whose font it finds wrong is OCR'd next;
 * 3. OCR of the pages still unusable after that, each stored as soon as it is read;
 * 4. each OCR'd page through the same layout stage and checks (ocr/stored-pages.ts).
 *
 * A stop (the signal) keeps every document repaired and every page read; the next run goes on
 * with the rest.
 */
export async function cascadeStored(
  db: WritableDB,
  choice: CascadeChoice,
  options: StoredCascadeOptions = {}
): Promise<StoredCascadeResult> {
  const { repaired, repairFailed } = await repairStored(db, choice, options)
  // Documents ingest read were verified as it stored them; a whole-project run reads only what
  // its repair changed.
  const asked =
    options.documentIds ?? (options.documentId === undefined ? [] : [options.documentId])
  const verification = await verifyStored(
    db,
    choice,
    [...new Set([...asked, ...repaired])],
    options
  )
  return { repaired, repairFailed, verification, ocr: await ocrStored(db, choice, options) }
}

/**
 * Verification alone over the given documents (verify/stored-verify.ts): fonts each one's pages
 * were not read back for yet. The app's ingest and `recto ingest` run it on every document they
 * read, OCR or not (only fonts a cheap signal doubts, a few lines each).
 */
export async function verifyStored(
  db: WritableDB,
  choice: CascadeChoice,
  documentIds: readonly number[],
  options: Pick<StoredCascadeOptions, 'signal'> = {}
): Promise<StoredVerification> {
  return verifyStoredDocuments(db, documentIds, {
    language: repairLanguage(choice),
    ...(choice.passwords === undefined ? {} : { passwords: choice.passwords }),
    ...(options.signal ? { signal: options.signal } : {})
  })
}

/** Stage 2 alone: the font repair of the project's documents (or of `documentId`) that need one. */
export async function repairStored(
  db: WritableDB,
  choice: CascadeChoice,
  options: StoredCascadeOptions = {}
): Promise<Omit<StoredCascadeResult, 'ocr' | 'verification'>> {
  const { signal, onProgress } = options
  const repaired = new Set<number>()
  const repairFailed: { documentId: number; reason: string }[] = []
  let recognizer: LineRecognizer | undefined
  try {
    const documents = documentsToRepair(db).filter(
      (id) =>
        (options.documentId === undefined || id === options.documentId) &&
        (options.documentIds === undefined || options.documentIds.includes(id))
    )
    for (const documentId of documents) {
      if (signal?.aborted) break
      try {
        const lines = (recognizer ??= lineRecognizer(repairLanguage(choice)))
        const result = await repairStoredDocument(db, documentId, lines, {
          ...(signal ? { signal } : {}),
          onLines: (done, total) => onProgress?.({ stage: 'font repair', documentId, done, total })
        })
        for (const id of result.documents) repaired.add(id)
        if (result.documents.length > 0) options.onRepaired?.(result.documents)
      } catch (error) {
        if (signal?.aborted) break
        repairFailed.push({
          documentId,
          reason: messageOf(error)
        })
      }
    }
  } finally {
    await recognizer?.close()
  }
  return { repaired: [...repaired], repairFailed }
}

/** Stages 3 and 4 alone: OCR of the project's pages (or `documentId`'s) still unusable. */
export async function ocrStored(
  db: WritableDB,
  choice: CascadeChoice,
  options: StoredCascadeOptions = {}
): Promise<OcrProgress> {
  const { signal, onProgress } = options
  const thread = lazyThread(choice.backend, options.behindReview ?? false)
  const selection = {
    ...(options.documentId === undefined ? {} : { documentId: options.documentId }),
    ...(options.documentIds === undefined ? {} : { documentIds: options.documentIds })
  }
  // A stop ends the page under way at once: its thread is ended, the pages stored before stay.
  const stop = () => void thread.close()
  signal?.addEventListener('abort', stop, { once: true })
  try {
    return signal?.aborted
      ? { done: 0, total: 0, failed: [], stored: null }
      : await ocrStoredPages(db, pagesToOcr(db, selection), thread.get, {
          languages: choice.languages,
          ...(choice.passwords === undefined ? {} : { passwords: choice.passwords }),
          ...(signal ? { signal } : {}),
          ...(options.beforeStore ? { beforeStore: options.beforeStore } : {}),
          ...(options.author === undefined ? {} : { author: options.author }),
          onProgress: (progress) => onProgress?.({ stage: 'OCR', progress })
        })
  } finally {
    signal?.removeEventListener('abort', stop)
    await thread.close()
  }
}
