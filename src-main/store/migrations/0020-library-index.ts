import type { WritableDB } from '../db.js'

/**
 * The library counts a document's pages by severity, decision and review status. A covering index
 * on exactly those columns answers them without reading page rows, whose compressed layouts sit
 * before these columns and would otherwise be read for every page of every listed document.
 */
export function up(db: WritableDB): void {
  db.exec(
    `CREATE INDEX pages_document_review ON pages (document_id, worst_severity, decision, status)`
  )
}
