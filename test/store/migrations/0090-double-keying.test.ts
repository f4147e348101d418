import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import { memoryDb } from '../../helpers/db.js'
import { insertDocumentPage } from '../../helpers/migration-rows.js'

describe('migration 0090-double-keying', () => {
  it('adds double-keyed pages and their keyings to a version-80 database: two per page, one per keyer', () => {
    const db = memoryDb(80)
    insertDocumentPage(db)
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
