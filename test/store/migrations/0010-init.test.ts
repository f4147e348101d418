import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import { memoryDb } from '../../helpers/db.js'

describe('migration 0010-init', () => {
  it('creates the tables on an empty database, with their constraints and the flags mirror', () => {
    const db = memoryDb(0)
    expect(schemaVersion(db)).toBe(0)
    migrate(db, undefined, 10)
    expect(schemaVersion(db)).toBe(10)

    db.prepare(
      `INSERT INTO documents (id, sha256, name, path, bytes, status, added_at)
       VALUES (1, 'abc', 'a.pdf', '/x/a.pdf', 10, 'pending', '2026-01-01T00:00:00Z')`
    ).run()
    db.prepare(
      `INSERT INTO pages (document_id, page_no, width, height, rotation, layout, auto_order, roles,
         text, raw_text, digest, chars, decision, quality, worst_severity)
       VALUES (1, 1, 612, 792, 0, x'00', '[]', '[]', '', '', '{}', 0, 'review', 0.25, 2)`
    ).run()
    db.prepare(
      `INSERT INTO flags (document_id, page_no, code, severity, message, evidence, page_status,
         page_rank) SELECT 1, 1, 'low_text', 'warn', 'm', '{}', status, rank FROM pages`
    ).run()
    expect(db.prepare('SELECT rank FROM pages').pluck().get()).toBe(2.25)

    db.prepare(`UPDATE pages SET status = 'approved', worst_severity = 3`).run()
    expect(db.prepare('SELECT page_status, page_rank FROM flags').get()).toEqual({
      page_status: 'approved',
      page_rank: 0.25
    })

    expect(() => db.prepare(`UPDATE documents SET status = 'finished' WHERE id = 1`).run()).toThrow(
      /CHECK|check constraint/
    )
    expect(() =>
      db
        .prepare(
          `INSERT INTO revisions (document_id, page_no, created_at, author, action, block_order,
             excluded, block_text, text, status) VALUES (1, 9, '', '', '', '[]', '[]', '{}', '', 'approved')`
        )
        .run()
    ).toThrow(/FOREIGN KEY|foreign key constraint/)
  })

  it('keeps revisions append-only', () => {
    const db = memoryDb(10)
    db.exec(`
      INSERT INTO documents (id, sha256, name, path, bytes, status, added_at)
        VALUES (1, 'abc', 'a.pdf', '/a.pdf', 1, 'done', '');
      INSERT INTO pages (document_id, page_no, width, height, rotation, layout, auto_order, roles,
        text, raw_text, digest, chars, decision, quality, worst_severity)
        VALUES (1, 1, 1, 1, 0, x'00', '[]', '[]', '', '', '{}', 0, 'ok', 1, 0);
      INSERT INTO revisions (document_id, page_no, created_at, author, action, block_order,
        excluded, block_text, text, status) VALUES (1, 1, '', 'me', 'approve', '[]', '[]', '{}', '', 'approved');
    `)
    expect(() => db.prepare(`UPDATE revisions SET text = 'changed'`).run()).toThrow(
      'revisions are append-only'
    )
  })
})
