import type { AnalyzedPage } from '../analysis/analyze-document.js'
import { analyzePage } from '../analysis/analyze-page.js'
import { documentStats } from '../analysis/document-stats.js'
import type { PageDigest } from '../analysis/page-digest.js'
import { unreadableReason } from '../analysis/unreadable.js'
import type { PageLayout } from '../shared/layout.js'
import type { ReadableDB } from '../store/db.js'
import {
  documentDigests,
  pendingPageNumbers,
  readExtractedLayout
} from '../store/extracted-pages.js'
import type { KeptLayouts } from './kept-layouts.js'
import type { PreparedReadBack } from './read-back-crops.js'
import type { WorkerReply } from './messages.js'
import { messageOf } from '../shared/error-message.js'
import { FontEvidence } from '../verify/suspect-fonts.js'
import { layersToRead } from '../verify/layer-lines.js'

/**
 * The document-level pass, run in a worker once every page is read: statistics over all pages
 * (from their digests), then each waiting page analysed with them, counting the fonts whose
 * maps verification will read back (verify/suspect-fonts.ts) and the pages whose invisible OCR
 * layer it will (verify/layer-lines.ts). With `readBack`, the pages verification looks at are
 * kept to the end of the pass and, if any is to be read back, handed to it to prepare that
 * read-back (read-back-crops.ts). A document none of whose
 * pages MuPDF could read fails here, once every page is known. Never throws.
 */
function analysePages(
  documentId: number,
  digests: () => readonly PageDigest[],
  pages: () => readonly number[],
  layoutOf: (page: number) => PageLayout | undefined,
  post: (reply: WorkerReply) => void,
  readBack?: (pages: readonly AnalyzedPage[]) => PreparedReadBack
): void {
  try {
    const all = digests()
    const unreadable = unreadableReason(all)
    if (unreadable !== null) {
      post({ type: 'failed', documentId, reason: unreadable, exiting: false })
      return
    }
    const stats = documentStats(all)
    const fonts = new FontEvidence()
    let layers = 0
    const verified: AnalyzedPage[] = []
    for (const page of pages()) {
      const layout = layoutOf(page)
      if (!layout) throw new Error(`page ${page} vanished before its analysis`)
      const analysis = analyzePage(layout, stats)
      // As verification chooses (layoutsToVerify): OCR will replace a page decided `ocr`.
      if (analysis.decision !== 'ocr') {
        fonts.add(layout)
        layers += layersToRead([{ layout, analysis }]).length
        if (readBack) verified.push({ layout, analysis })
      }
      post({ type: 'analysis', documentId, page, analysis })
    }
    const toVerify = fonts.suspects().size + layers
    const prepared = toVerify > 0 ? readBack?.(verified) : undefined
    post({ type: 'done', documentId, toVerify, ...prepared })
  } catch (error) {
    const message = messageOf(error)
    post({ type: 'failed', documentId, reason: `analysis failed (${message})`, exiting: false })
  }
}

/**
 * The pass over a stored document: digests and waiting pages as the project has them (pages
 * analysed by an interrupted earlier pass are not redone), each layout as `kept` from the
 * extraction or else read back, one at a time.
 */
export function analyseDocument(
  db: ReadableDB,
  documentId: number,
  post: (reply: WorkerReply) => void,
  kept: KeptLayouts
): void {
  analysePages(
    documentId,
    () => documentDigests(db, documentId),
    () => pendingPageNumbers(db, documentId),
    (page) => kept.take(documentId, page) ?? readExtractedLayout(db, documentId, page),
    post
  )
}

/**
 * The pass over a document the worker has just read whole and still holds (`kept.holdsAll`):
 * the same pass from memory, started without waiting for the main thread to commit the pages
 * and ask for it, which over 2,000 one-page files kept each worker idle 1.2 s. Its layouts
 * were all in memory already, so keeping them to the pass's end for `readBack` costs nothing
 * the extraction did not hold.
 */
export function analyseKept(
  documentId: number,
  digests: readonly PageDigest[],
  post: (reply: WorkerReply) => void,
  kept: KeptLayouts,
  readBack?: (pages: readonly AnalyzedPage[]) => PreparedReadBack
): void {
  analysePages(
    documentId,
    () => digests,
    () => digests.map((digest) => digest.page),
    (page) => kept.take(documentId, page),
    post,
    readBack
  )
}
