import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { composePageText } from '../../src-main/review/page-text.js'
import { closePdf, openPdf, rawText } from '../../src-main/extract/index.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { pageDigest } from '../../src-main/analysis/page-digest.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { addDocument, markDone, markIngesting } from '../../src-main/store/documents.js'
import { extractedPage, getPage, readLayout, savePage } from '../../src-main/store/pages.js'
import { appendRevision, currentState, type ReviewState } from '../../src-main/store/revisions.js'
export { corpusPdf } from '../helpers/corpus.js'

/**
 * Stores every page of a real PDF as the ingest does (extraction, analysis, digest), under
 * `name` (the file's own name by default).
 */
export function ingestPdf(db: WritableDB, file: string, name = basename(file)): number {
  const bytes = readFileSync(file)
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const { document } = addDocument(db, { sha256, path: file, name, bytes: bytes.length })
  const pdf = openPdf(bytes)
  try {
    markIngesting(db, document.id, { pageCount: pdf.pageCount, title: null, tagged: false })
    for (const { layout, analysis } of analyzeDocument(pdf).pages) {
      const extracted = extractedPage(layout, rawText(layout), pageDigest(layout))
      savePage(db, document.id, { ...extracted, analysis })
    }
  } finally {
    closePdf(pdf)
  }
  markDone(db, document.id)
  return document.id
}

/**
 * Appends a revision made of the page's current state with `change` applied. Its text is
 * composed from the blocks as revisions.save composes it, unless `change` gives the page's text.
 */
export function review(
  db: WritableDB,
  documentId: number,
  page: number,
  change: Partial<ReviewState>,
  author = 'ada'
): number {
  const { state } = currentState(db, documentId, page)!
  const next = { ...state, ...change }
  const roles = getPage(db, documentId, page)!.analysis.roles
  const text = change.text ?? composePageText(readLayout(db, documentId, page)!, roles, next)
  return appendRevision(db, {
    documentId,
    page,
    author,
    action: change.status ?? 'edit',
    state: { ...next, text }
  }).id
}
