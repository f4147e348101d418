import { analyzePage } from '../pipeline/analyze-page.js'
import { documentStats } from '../pipeline/document-stats.js'
import { unreadableReason } from '../pipeline/unreadable.js'
import type { ReadableDB } from '../store/db.js'
import {
  documentDigests,
  pendingPageNumbers,
  readExtractedLayout
} from '../store/extracted-pages.js'
import type { KeptLayouts } from './kept-layouts.js'
import type { WorkerReply } from './messages.js'

/**
 * The document-level pass, run in a worker once every page is stored: statistics over all pages
 * (from their digests), then each waiting page analysed with them: its layout as `kept` from the
 * extraction, or else read back, one at a time. Pages analysed by an interrupted earlier pass are
 * not redone. A document none of whose pages MuPDF could read fails here, once every page is
 * known. Never throws.
 */
export function analyseDocument(
  db: ReadableDB,
  documentId: number,
  post: (reply: WorkerReply) => void,
  kept: KeptLayouts
): void {
  try {
    const digests = documentDigests(db, documentId)
    const unreadable = unreadableReason(digests)
    if (unreadable !== null) {
      post({ type: 'failed', documentId, reason: unreadable, exiting: false })
      return
    }
    const stats = documentStats(digests)
    for (const page of pendingPageNumbers(db, documentId)) {
      const layout = kept.take(documentId, page) ?? readExtractedLayout(db, documentId, page)
      if (!layout) throw new Error(`page ${page} vanished before its analysis`)
      post({ type: 'analysis', documentId, page, analysis: analyzePage(layout, stats) })
    }
    post({ type: 'done', documentId })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    post({ type: 'failed', documentId, reason: `analysis failed (${message})`, exiting: false })
  }
}
