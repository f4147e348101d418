import { describe, expect, it } from 'vitest'
import {
  addUser,
  disableUser,
  hasAccounts,
  listUsers,
  logIn,
  logOut,
  SESSION_IDLE_MS,
  sessionUser,
  UserError
} from '../../src-main/store/users.js'
import { memoryDb } from '../helpers/db.js'

describe('reviewer accounts', () => {
  it('logs in with the right password only, and keeps no password or token in clear', async () => {
    const db = memoryDb()
    expect(hasAccounts(db)).toBe(false)
    addUser(db, { name: 'ada', role: 'reviewer', password: 'correct horse' })
    expect(hasAccounts(db)).toBe(true)
    expect(await logIn(db, 'ada', 'correct hors')).toBeNull()
    expect(await logIn(db, 'bob', 'correct horse')).toBeNull()
    const session = (await logIn(db, 'ada', 'correct horse'))!
    expect(session.user).toMatchObject({ name: 'ada', role: 'reviewer', disabledAt: null })
    const stored = JSON.stringify([
      db.prepare('SELECT * FROM users').all(),
      db.prepare('SELECT * FROM sessions').all()
    ])
    expect(stored).not.toContain('correct horse')
    expect(stored).not.toContain(session.token)
    expect(stored).toMatch(/scrypt\$32768\$8\$1\$/)
  })

  it('refuses a duplicate name, a short password and a name with spaces', () => {
    const db = memoryDb()
    addUser(db, { name: 'ada', role: 'admin', password: 'long enough' })
    expect(() => addUser(db, { name: 'ada', role: 'reviewer', password: 'long enough' })).toThrow(
      UserError
    )
    expect(() => addUser(db, { name: 'bob', role: 'reviewer', password: 'short' })).toThrow(
      /8 characters/
    )
    expect(() => addUser(db, { name: 'a b', role: 'reviewer', password: 'long enough' })).toThrow(
      UserError
    )
    expect(listUsers(db).map((u) => u.name)).toEqual(['ada'])
  })

  it('ends a session on log-out, after idling, and when its account is disabled', async () => {
    const db = memoryDb()
    addUser(db, { name: 'ada', role: 'reviewer', password: 'long enough' })
    const start = new Date('2026-01-01T08:00:00Z')
    const a = (await logIn(db, 'ada', 'long enough', start))!
    const b = (await logIn(db, 'ada', 'long enough', start))!
    const c = (await logIn(db, 'ada', 'long enough', start))!
    logOut(db, a.token)
    expect(sessionUser(db, a.token, start)).toBeNull()
    // Each request renews the idle time; a session left alone past it is gone.
    const later = new Date(start.getTime() + SESSION_IDLE_MS - 1000)
    expect(sessionUser(db, b.token, later)?.name).toBe('ada')
    expect(sessionUser(db, c.token, new Date(start.getTime() + SESSION_IDLE_MS + 1))).toBeNull()
    disableUser(db, 'ada')
    expect(sessionUser(db, b.token, later)).toBeNull()
    expect(await logIn(db, 'ada', 'long enough')).toBeNull()
    expect(hasAccounts(db)).toBe(false)
  })
})
