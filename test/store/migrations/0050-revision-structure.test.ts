import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import { appendRevision, listRevisions } from '../../../src-main/store/revisions.js'
import { memoryDb } from '../../helpers/db.js'

describe('migration 0050-revision-structure', () => {
  it("keeps a version-40 database's revisions, which read as the extraction's blocks", () => {
    const db = memoryDb(40)
    db.prepare(
      `INSERT INTO documents (id, sha256, name, path, bytes, status, added_at)
       VALUES (1, 'abc', 'a.pdf', '/x/a.pdf', 10, 'done', '2026-01-01T00:00:00Z')`
    ).run()
    db.prepare(
      `INSERT INTO pages (document_id, page_no, width, height, rotation, layout, auto_order, roles,
         text, raw_text, digest, chars, decision, quality, worst_severity)
       VALUES (1, 1, 612, 792, 0, x'00', '[0,1]', '["body","body"]', 'a\n\nb', '', '{}', 3, 'ok',
         1, 0)`
    ).run()
    db.prepare(
      `INSERT INTO revisions (document_id, page_no, created_at, author, action, block_order,
         excluded, block_text, text, status)
       VALUES (1, 1, '2026-01-01T00:00:00Z', 'ana', 'reorder', '[1,0]', '[]', '{}', 'b\n\na',
         'unreviewed')`
    ).run()

    migrate(db, undefined, 50)
    expect(schemaVersion(db)).toBe(50)
    const [old] = listRevisions(db, 1, 1)
    expect(old?.state).toMatchObject({ order: [1, 0] })
    expect(old?.state.structure).toBeUndefined()
    // The store writes the latest schema's columns (0060 adds the batch a revision is part of).
    migrate(db)

    // A revision with the reviewer's blocks: the two merged into one.
    const structure = {
      blocks: [
        {
          id: 0,
          role: 'body' as const,
          lines: [
            [0, 0],
            [1, 0]
          ] as [number, number][]
        }
      ]
    }
    appendRevision(db, {
      documentId: 1,
      page: 1,
      author: 'ana',
      action: 'merge',
      state: {
        order: [0],
        excluded: [],
        blockText: {},
        text: 'a b',
        status: 'unreviewed',
        structure
      }
    })
    expect(listRevisions(db, 1, 1).at(-1)?.state.structure).toEqual(structure)
    // Its order must list the structure's blocks, not the extraction's.
    expect(() =>
      appendRevision(db, {
        documentId: 1,
        page: 1,
        author: 'ana',
        action: 'reorder',
        state: {
          order: [1, 0],
          excluded: [],
          blockText: {},
          text: '',
          status: 'unreviewed',
          structure
        }
      })
    ).toThrow(/each of the page's 1 blocks/)
  })
})
