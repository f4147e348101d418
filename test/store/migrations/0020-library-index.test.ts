import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import { listDocumentReviews } from '../../../src-main/store/review.js'
import { memoryDb } from '../../helpers/db.js'

function insertPage(db: ReturnType<typeof memoryDb>, page: number, severity: number): void {
  db.prepare(
    `INSERT INTO pages (document_id, page_no, width, height, rotation, layout, auto_order, roles,
       text, raw_text, digest, chars, decision, quality, worst_severity)
     VALUES (1, ?, 612, 792, 0, x'00', '[]', '[]', '', '', '{}', 0, ?, 0.5, ?)`
  ).run(page, severity >= 2 ? 'review' : 'ok', severity)
}

describe('migration 0020-library-index', () => {
  it('keeps the pages of a version-10 database and lets the library count them from the index', () => {
    const db = memoryDb(10)
    db.prepare(
      `INSERT INTO documents (id, sha256, name, path, bytes, status, added_at)
       VALUES (1, 'abc', 'a.pdf', '/x/a.pdf', 10, 'done', '2026-01-01T00:00:00Z')`
    ).run()
    insertPage(db, 1, 3)
    insertPage(db, 2, 2)
    insertPage(db, 3, 0)

    migrate(db, undefined, 20)
    expect(schemaVersion(db)).toBe(20)

    const [doc] = listDocumentReviews(db)
    expect(doc?.flagged).toEqual({ error: 1, warn: 1, info: 0 })
    expect(doc?.toReview).toBe(2)

    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT count(*) FROM pages p WHERE p.document_id = 1
           AND p.worst_severity = 3 AND p.decision <> 'ok' AND p.status <> 'unreviewed'`
      )
      .all() as { detail: string }[]
    expect(plan.map((r) => r.detail).join('\n')).toMatch(/COVERING INDEX pages_document_review/)
  })
})
