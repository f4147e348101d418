import type { ReadableDB } from './db.js'

export type PageKey = Readonly<{ documentId: number; page: number }>

/**
 * Pages that may share a layout with one of `width` × `height` points and `blocks` blocks: the
 * cheap columns sift the project before any layout is decoded. The pages of `documentId` come
 * first (a template is most often its own document's), then the others in document order.
 */
export function pagesOfShape(
  db: ReadableDB,
  shape: Readonly<{
    width: number
    height: number
    blocks: number
    tolerance: number
    documentId: number
    limit: number
  }>
): PageKey[] {
  return db
    .prepare(
      `SELECT document_id AS documentId, page_no AS page FROM pages
       WHERE abs(width - @width) <= @tolerance AND abs(height - @height) <= @tolerance
         AND json_array_length(auto_order) = @blocks
       ORDER BY document_id = @documentId DESC, document_id, page_no
       LIMIT @limit`
    )
    .all(shape) as PageKey[]
}

export type PageTextRow = PageKey & Readonly<{ documentName: string; text: string }>

/**
 * Every page's text as it stands (its latest revision's, else the extraction's), in document and
 * page order; `documentIds` limits it to those documents.
 */
export function* pageTexts(
  db: ReadableDB,
  documentIds: readonly number[] | undefined
): Generator<PageTextRow> {
  const where = documentIds ? `WHERE p.document_id IN (${documentIds.map(() => '?').join()})` : ''
  const rows = db
    .prepare(
      `SELECT p.document_id AS documentId, p.page_no AS page, d.name AS documentName,
         COALESCE((SELECT r.text FROM revisions r
                   WHERE r.document_id = p.document_id AND r.page_no = p.page_no
                   ORDER BY r.id DESC LIMIT 1), p.text) AS text
       FROM pages p JOIN documents d ON d.id = p.document_id
       ${where}
       ORDER BY p.document_id, p.page_no`
    )
    .iterate(...(documentIds ?? [])) as IterableIterator<PageTextRow>
  yield* rows
}
