import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import { addUser } from '../../../src-main/store/users.js'
import { memoryDb } from '../../helpers/db.js'
import { insertDocumentPage } from '../../helpers/migration-rows.js'

describe('migration 0080-claims', () => {
  it('adds claims to a version-70 database, one per page, gone with its page', () => {
    const db = memoryDb(70)
    const user = addUser(db, { name: 'ada', role: 'reviewer', password: 'long enough' })
    insertDocumentPage(db)
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
