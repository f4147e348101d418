import type { WritableDB } from '../../src-main/store/db.js'

/**
 * Document 1 with its page 1, as schema versions 70 to 90 hold them: rows for a
 * migration test to hang the new tables' rows on, without the store code of a later version.
 */
export function insertDocumentPage(db: WritableDB): void {
  db.prepare(
    `INSERT INTO documents (id, sha256, name, path, bytes, status, added_at)
     VALUES (1, 'abc', 'a.pdf', '/x/a.pdf', 10, 'done', '2026-01-01T00:00:00Z')`
  ).run()
  db.prepare(
    `INSERT INTO pages (document_id, page_no, width, height, rotation, layout, auto_order, roles,
       text, raw_text, digest, chars, decision, quality, worst_severity)
     VALUES (1, 1, 612, 792, 0, ?, '[0]', '["body"]', 'a', '', '{}', 1, 'ok', 1, 0)`
  ).run(Buffer.from([0]))
}
