import { readFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { documentFile } from '../store/source-pdf.js'
import { restartReview, type PageRef } from '../ocr/stored-pages.js'
import { documentStats } from '../analysis/document-stats.js'
import type { PricingScheme } from './pricing.js'
import type { ReadableDB, WritableDB } from '../store/db.js'
import { documentDigests } from '../store/extracted-pages.js'
import { AWAITS_ADJUDICATION } from '../store/keyings.js'
import { getPage, readLayout } from '../store/pages.js'
import { saveOcrPage } from '../store/text-layers.js'
import { recordVlmUsage } from '../store/vlm-usage.js'
import { askPages, type PageCost } from './ask-pages.js'
import type { VlmBudget } from './budget.js'
import type { VlmConfig } from './config.js'
import { pageImage } from './page-image.js'
import { readAnswer } from './read-answer.js'
import { vlmReason } from './route.js'

/** A page routed to the model: why, and its size in points, which its expected cost is priced by. */
export type VlmPageRef = PageRef & Readonly<{ reason: string; width: number; height: number }>

/**
 * Stored pages the cascade sends to the model: those route.ts picks, not read by the model yet,
 * never revised by a person (their revisions refer to the blocks in place), not damaged and not
 * waiting for double keying. A page a reviewer sends (`page` given) goes whatever the route says,
 * unless it waits for its keyings.
 */
export function pagesToVlm(
  db: ReadableDB,
  config: Pick<VlmConfig, 'minOcrConfidence'>,
  selection: Readonly<{ documentId?: number; page?: number }> = {}
): VlmPageRef[] {
  const asked = selection.page !== undefined
  const refs = db
    .prepare(
      `SELECT p.document_id AS "documentId", p.page_no AS page FROM pages p
       WHERE (@documentId IS NULL OR p.document_id = @documentId)
         AND (@page IS NULL OR p.page_no = @page)
         AND (@asked = 1 OR NOT EXISTS (SELECT 1 FROM revisions r
           WHERE r.document_id = p.document_id AND r.page_no = p.page_no))
         AND NOT ${AWAITS_ADJUDICATION}
       ORDER BY p.document_id, p.page_no`
    )
    .all({
      documentId: selection.documentId ?? null,
      page: selection.page ?? null,
      asked: asked ? 1 : 0
    }) as PageRef[]
  return refs.flatMap((ref) => {
    const layout = readLayout(db, ref.documentId, ref.page)
    const stored = getPage(db, ref.documentId, ref.page)
    if (!layout || !stored || layout.damage !== null) return []
    const size = { width: layout.width, height: layout.height }
    if (asked) return [{ ...ref, ...size, reason: 'reviewer' }]
    const reason = vlmReason(layout, stored.analysis, config.minOcrConfidence)
    return reason === null ? [] : [{ ...ref, ...size, reason }]
  })
}

export type StoredVlmRun = Readonly<{
  config: VlmConfig
  scheme: PricingScheme
  currency: string
  budget: VlmBudget
  signal?: AbortSignal
  /** Runs in the transaction that stores a page; what it throws keeps the page as it was. */
  beforeStore?: (page: PageRef) => void
}>

export type StoredVlmOutcome = Readonly<
  VlmPageRef &
    (
      | { kind: 'read'; cost: PageCost }
      | { kind: 'failed'; why: string; cost: PageCost }
      | { kind: 'skipped'; why: string }
    )
>

/**
 * Sends the pages to the model and stores each reading as soon as it comes, with its cost: the
 * page's layout and analysis become the model's (its text layer, or what OCR replaced it with
 * first, stays in text_layers), and a page with a history starts it again from the model's text.
 * A failure keeps the page as it was and is recorded with what it cost. `onPage` hears each page.
 */
export async function vlmStoredPages(
  db: WritableDB,
  pages: readonly VlmPageRef[],
  run: StoredVlmRun,
  onPage: (outcome: StoredVlmOutcome) => void = () => undefined
): Promise<string> {
  const id = randomUUID()
  const files = new Map<number, Promise<Uint8Array>>()
  const bytesOf = (documentId: number) => {
    let bytes = files.get(documentId)
    if (!bytes) {
      const file = documentFile(db, documentId)
      bytes = file
        ? readFile(file)
        : Promise.reject(new Error('the PDF is no longer at any path it was seen at'))
      bytes.catch(() => undefined)
      files.set(documentId, bytes)
    }
    return bytes
  }
  const jobs = await Promise.all(
    pages.map(async (ref) => {
      let bytes: Uint8Array | Error
      try {
        bytes = await bytesOf(ref.documentId)
      } catch (error) {
        bytes = error as Error
      }
      return {
        ref,
        width: ref.width,
        height: ref.height,
        image: () => {
          if (bytes instanceof Error) throw bytes
          return pageImage(bytes, ref.page, run.config)
        }
      }
    })
  )
  const record = (ref: PageRef, outcome: 'read' | 'failed', why: string | null, cost: PageCost) =>
    recordVlmUsage(db, {
      run: id,
      documentId: ref.documentId,
      page: ref.page,
      model: run.config.model,
      outcome,
      reason: why,
      ...cost,
      currency: run.currency
    })
  await askPages(jobs, run, ({ ref }, outcome) => {
    if (outcome.kind === 'skipped') return onPage({ ...ref, kind: 'skipped', why: outcome.reason })
    if (outcome.kind === 'failed') {
      record(ref, 'failed', outcome.reason, outcome.cost)
      return onPage({ ...ref, kind: 'failed', why: outcome.reason, cost: outcome.cost })
    }
    try {
      storeReading(db, ref, outcome.text, run)
      record(ref, 'read', null, outcome.cost)
      onPage({ ...ref, kind: 'read', cost: outcome.cost })
    } catch (error) {
      const why = (error as Error).message
      record(ref, 'failed', why, outcome.cost)
      onPage({ ...ref, kind: 'failed', why, cost: outcome.cost })
    }
  })
  return id
}

/** The model's reading of one page, analysed with its document's statistics and stored. */
function storeReading(db: WritableDB, ref: VlmPageRef, text: string, run: StoredVlmRun): void {
  const layout = readLayout(db, ref.documentId, ref.page)
  const stored = getPage(db, ref.documentId, ref.page)
  if (!layout || !stored) throw new Error('the page is no longer in the project')
  const stats = documentStats(documentDigests(db, ref.documentId))
  const reading = { model: run.config.model, reason: ref.reason, trusted: run.config.trusted }
  const read = readAnswer({ layout, analysis: stored.analysis }, text, reading, stats)
  if (!read) throw new Error('the model read no text on the page')
  db.transaction(() => {
    run.beforeStore?.(ref)
    saveOcrPage(db, ref.documentId, ref.page, read.layout, read.analysis)
    restartReview(db, ref, read.analysis, 'vlm')
  })()
}
