import type { PageAnalysis } from '../shared/page.js'
import type { PageDigest } from '../analysis/page-digest.js'
import type { PageLayout } from '../shared/layout.js'
import type { ReadableDB, WritableDB } from './db.js'
import { replacePageFlags } from './flags.js'
import { decodeLayout } from './layout-codec.js'
import { analysisColumns, asBuffer, type ExtractedPage } from './pages.js'
import { nonSpaceCodePoints } from '../shared/whitespace.js'
import { statement } from './statements.js'
import { storedText } from './stored-text.js'

/**
 * Stores a freshly extracted page until the document pass analyses it. An ingest commits it with
 * the other writes that arrived around the same time (jobs/page-commits.ts).
 */
export function saveExtractedPage(db: WritableDB, documentId: number, page: ExtractedPage): void {
  statement(
    db,
    `INSERT INTO extracted_pages (document_id, page_no, width, height, rotation, chars, raw_text,
       digest, layout)
     VALUES (@documentId, @page, @width, @height, @rotation, @chars, @rawText, @digest, @layout)
     ON CONFLICT (document_id, page_no) DO UPDATE SET
       width = excluded.width, height = excluded.height, rotation = excluded.rotation,
       chars = excluded.chars, raw_text = excluded.raw_text, digest = excluded.digest,
       layout = excluded.layout`
  ).run({
    documentId,
    page: page.page,
    width: page.width,
    height: page.height,
    rotation: page.rotation,
    chars: nonSpaceCodePoints(page.rawText),
    rawText: storedText(page.rawText),
    digest: JSON.stringify(page.digest),
    layout: asBuffer(page.layoutBlob)
  })
}

/**
 * Page numbers a document already has, extracted or analysed: what a resumed ingest skips.
 * Ascending.
 */
export function knownPageNumbers(db: ReadableDB, documentId: number): number[] {
  return db
    .prepare(
      `SELECT page_no FROM pages WHERE document_id = @id
       UNION SELECT page_no FROM extracted_pages WHERE document_id = @id
       ORDER BY page_no`
    )
    .pluck()
    .all({ id: documentId }) as number[]
}

/** Pages extracted but not yet analysed, ascending. */
export function pendingPageNumbers(db: ReadableDB, documentId: number): number[] {
  return db
    .prepare('SELECT page_no FROM extracted_pages WHERE document_id = ? ORDER BY page_no')
    .pluck()
    .all(documentId) as number[]
}

/** Digests of every page of a document, analysed or waiting, in page order. */
export function documentDigests(db: ReadableDB, documentId: number): PageDigest[] {
  const rows = db
    .prepare(
      `SELECT page_no, digest FROM pages WHERE document_id = @id
       UNION ALL SELECT page_no, digest FROM extracted_pages WHERE document_id = @id
       ORDER BY page_no`
    )
    .all({ id: documentId }) as { digest: string }[]
  return rows.map((row) => JSON.parse(row.digest) as PageDigest)
}

export function readExtractedLayout(
  db: ReadableDB,
  documentId: number,
  pageNo: number
): PageLayout | undefined {
  const blob = db
    .prepare('SELECT layout FROM extracted_pages WHERE document_id = ? AND page_no = ?')
    .pluck()
    .get(documentId, pageNo) as Buffer | undefined
  return blob && decodeLayout(blob)
}

/**
 * Moves an extracted page into `pages` with its analysis and flags, in one transaction: a page
 * is in exactly one of the two tables at any time.
 */
export function promotePage(
  db: WritableDB,
  documentId: number,
  pageNo: number,
  analysis: PageAnalysis
): void {
  db.transaction(() => {
    const moved = statement(
      db,
      `INSERT INTO pages (document_id, page_no, width, height, rotation, chars, decision, quality,
           worst_severity, auto_order, roles, text, raw_text, digest, layout)
         SELECT document_id, page_no, width, height, rotation, chars, @decision, @quality, @worst,
           @order, @roles, @text, raw_text, digest, layout
         FROM extracted_pages WHERE document_id = @documentId AND page_no = @pageNo
         ON CONFLICT (document_id, page_no) DO UPDATE SET
           width = excluded.width, height = excluded.height, rotation = excluded.rotation,
           chars = excluded.chars, decision = excluded.decision, quality = excluded.quality,
           worst_severity = excluded.worst_severity, auto_order = excluded.auto_order,
           roles = excluded.roles, text = excluded.text, raw_text = excluded.raw_text,
           digest = excluded.digest, layout = excluded.layout`
    ).run({ documentId, pageNo, ...analysisColumns(analysis) })
    if (moved.changes !== 1) {
      throw new Error(`page ${pageNo} of document ${documentId} was not extracted`)
    }
    replacePageFlags(db, documentId, pageNo, analysis.flags)
    statement(db, 'DELETE FROM extracted_pages WHERE document_id = ? AND page_no = ?').run(
      documentId,
      pageNo
    )
  })()
}
