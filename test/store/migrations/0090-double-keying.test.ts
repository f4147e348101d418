import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import { memoryDb } from '../../helpers/db.js'

describe('migration 0090-double-keying', () => {
  it('adds double-keyed pages and their keyings to a version-80 database: two per page, one per keyer', () => {
    const db = memoryDb(80)
    db.prepare(
      `INSERT INTO documents (id, sha256, name, path, bytes, status, added_at)
       VALUES (1, 'abc', 'a.pdf', '/x/a.pdf', 10, 'done', '2026-01-01T00:00:00Z')`
    ).run()
    db.prepare(
      `INSERT INTO pages (document_id, page_no, width, height, rotation, layout, auto_order, roles,
         text, raw_text, digest, chars, decision, quality, worst_severity)
       VALUES (1, 1, 612, 792, 0, ?, '[0]', '["body"]', 'a', '', '{}', 1, 'ok', 1, 0)`
    ).run(Buffer.from([0]))
    migrate(db, undefined, 90)
    expect(schemaVersion(db)).toBe(90)
    db.prepare(
      `INSERT INTO double_keyed_pages (document_id, page_no, required_at) VALUES (1, 1, 'now')`
    ).run()
    const key = db.prepare(
      `INSERT INTO keyings (document_id, page_no, seq, keyer, text, keyed_at)
       VALUES (1, 1, ?, ?, 'text', 'now')`
    )
    key.run(1, 'ada')
    expect(() => key.run(2, 'ada')).toThrow(/UNIQUE|duplicate key/)
    key.run(2, 'bob')
    expect(() => key.run(3, 'cy')).toThrow(/CHECK|check constraint/)
    db.prepare('DELETE FROM documents WHERE id = 1').run()
    expect(db.prepare('SELECT count(*) FROM double_keyed_pages').pluck().get()).toBe(0)
    expect(db.prepare('SELECT count(*) FROM keyings').pluck().get()).toBe(0)
  })
})
