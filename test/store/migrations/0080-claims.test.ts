import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import { addUser } from '../../../src-main/store/users.js'
import { memoryDb } from '../../helpers/db.js'

describe('migration 0080-claims', () => {
  it('adds claims to a version-70 database, one per page, gone with its page', () => {
    const db = memoryDb(70)
    const user = addUser(db, { name: 'ada', role: 'reviewer', password: 'long enough' })
    db.prepare(
      `INSERT INTO documents (id, sha256, name, path, bytes, status, added_at)
       VALUES (1, 'abc', 'a.pdf', '/x/a.pdf', 10, 'done', '2026-01-01T00:00:00Z')`
    ).run()
    db.prepare(
      `INSERT INTO pages (document_id, page_no, width, height, rotation, layout, auto_order, roles,
         text, raw_text, digest, chars, decision, quality, worst_severity)
       VALUES (1, 1, 612, 792, 0, ?, '[0]', '["body"]', 'a', '', '{}', 1, 'ok', 1, 0)`
    ).run(Buffer.from([0]))
    migrate(db, undefined, 80)
    expect(schemaVersion(db)).toBe(80)
    const claim = db.prepare(
      `INSERT INTO claims (document_id, page_no, user_id, claimed_at, expires_at)
       VALUES (1, 1, ?, 'then', 'later')`
    )
    claim.run(user.id)
    expect(() => claim.run(user.id)).toThrow(/UNIQUE|duplicate key/)
    db.prepare('DELETE FROM documents WHERE id = 1').run()
    expect(db.prepare('SELECT count(*) FROM claims').pluck().get()).toBe(0)
  })
})
