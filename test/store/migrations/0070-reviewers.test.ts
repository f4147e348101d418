import { describe, expect, it } from 'vitest'
import { addDocument, listDocuments } from '../../../src-main/store/documents.js'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import { addUser, disableUser, logIn, sessionUser } from '../../../src-main/store/users.js'
import { memoryDb } from '../../helpers/db.js'

describe('migration 0070-reviewers', () => {
  it("keeps a version-50 database's documents and adds accounts and sessions", async () => {
    const db = memoryDb(50)
    addDocument(db, { sha256: 'a'.repeat(64), path: '/in/a.pdf', name: 'a.pdf', bytes: 1 })
    migrate(db, undefined, 70)
    expect(schemaVersion(db)).toBe(70)
    expect(listDocuments(db).map((d) => d.name)).toEqual(['a.pdf'])

    const ada = addUser(db, { name: 'ada', role: 'admin', password: 'long enough' })
    const session = (await logIn(db, 'ada', 'long enough'))!
    expect(sessionUser(db, session.token)?.id).toBe(ada.id)
    expect(() =>
      db
        .prepare(
          `INSERT INTO users (name, role, password_hash, created_at) VALUES ('x', 'boss', '', '')`
        )
        .run()
    ).toThrow(/CHECK|check constraint/)
    // Disabling is today's store code, which also frees the account's claims (migration 80).
    migrate(db)
    disableUser(db, 'ada')
    expect(db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(0)
  })
})
