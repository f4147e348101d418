import { documentStats } from '../analysis/document-stats.js'
import { analyzePage } from '../analysis/analyze-page.js'
import type { PageDigest } from '../analysis/page-digest.js'
import { digestsAsRead } from './stats-after-ocr.js'
import type { ReadableDB, WritableDB } from '../store/db.js'
import { documentFile } from '../store/source-pdf.js'
import { documentDigests } from '../store/extracted-pages.js'
import { getPage, readLayout } from '../store/pages.js'
import { appendRevision, latestRevision } from '../store/revisions.js'
import { readTextLayer, saveOcrPage } from '../store/text-layers.js'
import { AWAITS_ADJUDICATION } from '../store/keyings.js'
import type { PageAnalysis, Turn } from '../shared/page.js'
import { EXCLUDED_ROLES, type PageLayout } from '../shared/layout.js'
import { ocrPage, type OcrOptions } from './cascade.js'
import type { OcrThread } from './ocr-thread.js'
import { messageOf } from '../shared/error-message.js'

export type PageRef = Readonly<{ documentId: number; page: number }>

/**
 * Which stored pages to look at: one page, one document's, the documents one ingest read
 * (`documentIds`), or the whole project's. With `turn`, the one page is read again whole, turned
 * first, whatever was read of it before.
 */
export type OcrSelection = Readonly<{
  documentId?: number
  documentIds?: readonly number[]
  page?: number
  turn?: Turn
}>

/**
 * Stored pages OCR has to read: decided `ocr`, or with pictures of text lines (`text_images`),
 * and not read by OCR yet; and every page a reviewer marked for OCR. Other pages a reviewer has
 * revised are left alone (their revisions refer to the text layer's blocks), and so are damaged
 * pages, which MuPDF cannot render either, and double-keyed pages waiting for their keyings or
 * adjudication (nothing but those changes their text meanwhile).
 */
export function pagesToOcr(db: ReadableDB, selection: OcrSelection = {}): PageRef[] {
  const flagged = (code: string) =>
    `EXISTS (SELECT 1 FROM flags f WHERE f.document_id = p.document_id
       AND f.page_no = p.page_no AND f.code = '${code}')`
  // The alias is quoted: PostgreSQL folds a bare one to lower case.
  const rows = db
    .prepare(
      `SELECT p.document_id AS "documentId", p.page_no AS page FROM pages p
       WHERE NOT ${flagged('damaged_page')}
         AND (@again OR p.status = 'ocr'
           OR ((p.decision = 'ocr' OR ${flagged('text_images')})
             AND NOT EXISTS (SELECT 1 FROM text_layers t
               WHERE t.document_id = p.document_id AND t.page_no = p.page_no)
             AND NOT EXISTS (SELECT 1 FROM revisions r
               WHERE r.document_id = p.document_id AND r.page_no = p.page_no)))
         AND (@documentId IS NULL OR p.document_id = @documentId)
         AND (@page IS NULL OR p.page_no = @page)
         AND NOT ${AWAITS_ADJUDICATION}
       ORDER BY p.document_id, p.page_no`
    )
    .all({
      documentId: selection.documentId ?? null,
      page: selection.page ?? null,
      again: selection.turn === undefined ? 0 : 1
    }) as PageRef[]
  const { documentIds } = selection
  return documentIds ? rows.filter((row) => documentIds.includes(row.documentId)) : rows
}

/**
 * A full snapshot after every page (seconds apart: OCR is its own throttle): how many of how
 * many, the pages that failed, and the page just stored, if one was.
 */
export type OcrProgress = Readonly<{
  done: number
  total: number
  failed: readonly Readonly<PageRef & { reason: string }>[]
  stored: PageRef | null
}>

export type StoredOcrOptions = OcrOptions &
  Readonly<{
    signal?: AbortSignal
    onProgress?: (progress: OcrProgress) => void
    /**
     * Runs in the transaction that stores a page's OCR; what it throws keeps the page as it was
     * and fails it (a reviewer who asked for the OCR and no longer holds the page).
     */
    beforeStore?: (page: PageRef) => void
    /** Who signs the revision that restarts a reviewed page's review: who asked for the OCR. */
    author?: string
  }>

/**
 * OCRs the pages one by one on the OCR thread and stores each as soon as it is read, so a stop
 * (the signal) keeps every page done; the next run picks up the rest. Each is analysed with its
 * document's statistics over what the pages read by then, the OCR'd ones by their OCR (type
 * sizes, running text). A page that fails keeps its text layer and is reported, and the others
 * go on.
 */
export async function ocrStoredPages(
  db: WritableDB,
  pages: readonly PageRef[],
  thread: () => OcrThread,
  options: StoredOcrOptions
): Promise<OcrProgress> {
  const documents = new Map<
    number,
    { digests: readonly PageDigest[]; read: Map<number, PageLayout> }
  >()
  const failed: (PageRef & { reason: string })[] = []
  let done = 0
  const report = (stored: PageRef | null) =>
    options.onProgress?.({ done, total: pages.length, failed: [...failed], stored })
  report(null)
  for (const ref of pages) {
    if (options.signal?.aborted) break
    try {
      const file = documentFile(db, ref.documentId)
      if (file === undefined) throw new Error('the PDF is no longer at any path it was seen at')
      const stored = getPage(db, ref.documentId, ref.page)
      // A page read again is read from its own text layer, not from the OCR that replaced it.
      const layout =
        readTextLayer(db, ref.documentId, ref.page)?.layout ??
        readLayout(db, ref.documentId, ref.page)
      if (!layout || !stored) throw new Error('the page is no longer in the project')
      let doc = documents.get(ref.documentId)
      if (!doc) {
        doc = { digests: documentDigests(db, ref.documentId), read: ocrLayouts(db, ref.documentId) }
        documents.set(ref.documentId, doc)
      }
      const statsNow = () => documentStats(digestsAsRead(doc.digests, (p) => doc.read.get(p)))
      const page = { layout, analysis: stored.analysis }
      // A page marked for OCR is read whole, as the reviewer asked.
      const turn = options.turn ?? (stored.status === 'ocr' ? 0 : undefined)
      const read = await ocrPage(thread, file, page, statsNow(), { ...options, turn })
      if (read) {
        doc.read.set(ref.page, read.layout)
        const analysis = analyzePage(read.layout, statsNow())
        db.transaction(() => {
          options.beforeStore?.(ref)
          saveOcrPage(db, ref.documentId, ref.page, read.layout, analysis)
          restartReview(db, ref, analysis, 'ocr', options.author ?? 'recto')
        })()
      }
      done++
      report(read ? ref : null)
    } catch (error) {
      if (options.signal?.aborted) break
      failed.push({ ...ref, reason: messageOf(error) })
      done++
      report(null)
    }
  }
  return { done, total: pages.length, failed, stored: null }
}

/** The layouts of a document's pages that OCR has read, by page number. */
function ocrLayouts(db: ReadableDB, documentId: number): Map<number, PageLayout> {
  const pages = db
    .prepare('SELECT page_no FROM text_layers WHERE document_id = ?')
    .pluck()
    .all(documentId) as number[]
  const layouts = new Map<number, PageLayout>()
  for (const page of pages) {
    const layout = readLayout(db, documentId, page)
    if (layout) layouts.set(page, layout)
  }
  return layouts
}

/**
 * A page with a review history starts it again from what OCR (or a vision model: `action`)
 * read: the revisions before refer to the blocks of the layout it replaced, and a page marked
 * for OCR has now had it.
 */
export function restartReview(
  db: WritableDB,
  ref: PageRef,
  analysis: PageAnalysis,
  action: 'ocr' | 'vlm' = 'ocr',
  author = 'recto'
): void {
  if (!latestRevision(db, ref.documentId, ref.page)) return
  appendRevision(db, {
    documentId: ref.documentId,
    page: ref.page,
    author,
    action,
    state: {
      order: [...analysis.order],
      excluded: analysis.order.filter((id) => {
        const role = analysis.roles[id]
        return role !== undefined && EXCLUDED_ROLES.has(role)
      }),
      blockText: {},
      text: analysis.text,
      status: 'unreviewed'
    }
  })
}
