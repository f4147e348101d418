import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import {
  batchRevisions,
  createBatch,
  getBatch,
  markUndone
} from '../../../src-main/store/batches.js'
import { appendRevision, listRevisions } from '../../../src-main/store/revisions.js'
import { memoryDb } from '../../helpers/db.js'

describe('migration 0060-batches', () => {
  it("keeps a version-50 database's revisions, outside any batch, and records batches after", () => {
    const db = memoryDb(50)
    db.prepare(
      `INSERT INTO documents (id, sha256, name, path, bytes, status, added_at)
       VALUES (1, 'abc', 'a.pdf', '/x/a.pdf', 10, 'done', '2026-01-01T00:00:00Z')`
    ).run()
    for (const page of [1, 2]) {
      db.prepare(
        `INSERT INTO pages (document_id, page_no, width, height, rotation, layout, auto_order,
           roles, text, raw_text, digest, chars, decision, quality, worst_severity)
         VALUES (1, ?, 612, 792, 0, x'00', '[0,1]', '["body","body"]', 'a\n\nb', '', '{}', 3, 'ok',
           1, 0)`
      ).run(page)
    }
    db.prepare(
      `INSERT INTO revisions (document_id, page_no, created_at, author, action, block_order,
         excluded, block_text, text, status)
       VALUES (1, 1, '2026-01-01T00:00:00Z', 'ana', 'reorder', '[1,0]', '[]', '{}', 'b\n\na',
         'unreviewed')`
    ).run()

    migrate(db, undefined, 60)
    expect(schemaVersion(db)).toBe(60)
    const [old] = listRevisions(db, 1, 1)
    expect(old).toMatchObject({ action: 'reorder', batchId: null })

    const batch = createBatch(db, {
      kind: 'teach',
      label: 'order from page 1 of a.pdf',
      author: 'ana',
      example: { documentId: 1, page: 1, revisionId: old!.id }
    })
    const state = {
      order: [1, 0],
      excluded: [],
      blockText: {},
      text: 'b\n\na',
      status: 'unreviewed' as const
    }
    const made = appendRevision(db, {
      documentId: 1,
      page: 2,
      author: 'ana',
      action: 'teach',
      state,
      batchId: batch.id
    })
    expect(made.batchId).toBe(batch.id)
    expect(batchRevisions(db, batch.id)).toEqual([{ documentId: 1, page: 2, revisionId: made.id }])
    expect(getBatch(db, batch.id)).toMatchObject({
      kind: 'teach',
      example: { documentId: 1, page: 1, revisionId: old!.id },
      undoneAt: null
    })
    markUndone(db, batch.id)
    expect(getBatch(db, batch.id)?.undoneAt).not.toBeNull()
    // Only the kinds the app makes.
    expect(() =>
      db
        .prepare(
          `INSERT INTO batches (kind, label, author, created_at) VALUES ('merge', '', 'ana', '')`
        )
        .run()
    ).toThrow(/CHECK|check constraint/)
  })
})
