import { createHash, randomBytes } from 'node:crypto'
import type { ReadableDB, WritableDB } from './db.js'
import { hashPassword, verifyPassword } from './passwords.js'

export const ROLES = ['reviewer', 'admin'] as const
export type Role = (typeof ROLES)[number]

export type User = Readonly<{
  id: number
  name: string
  role: Role
  createdAt: string
  disabledAt: string | null
}>

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000
const SEEN_PRECISION_MS = 60 * 1000

type Row = {
  id: number
  name: string
  role: Role
  created_at: string
  disabled_at: string | null
}

function toUser(row: Row): User {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    createdAt: row.created_at,
    disabledAt: row.disabled_at
  }
}

export class UserError extends Error {
  override name = 'UserError'
}

const NAME = /^[\p{L}\p{N}._@-]{1,64}$/u

export function addUser(
  db: WritableDB,
  input: Readonly<{ name: string; role: Role; password: string }>,
  now = new Date()
): User {
  if (!NAME.test(input.name)) {
    throw new UserError('a name is 1 to 64 letters, digits, dots, dashes, underscores or @')
  }
  if (input.password.length < 8) throw new UserError('a password has at least 8 characters')
  if (findUser(db, input.name)) throw new UserError(`${input.name} already has an account`)
  db.prepare(`INSERT INTO users (name, role, password_hash, created_at) VALUES (?, ?, ?, ?)`).run(
    input.name,
    input.role,
    hashPassword(input.password),
    now.toISOString()
  )
  return findUser(db, input.name)!
}

export function findUser(db: ReadableDB, name: string): User | null {
  const row = db
    .prepare('SELECT id, name, role, created_at, disabled_at FROM users WHERE name = ?')
    .get(name) as Row | undefined
  return row ? toUser(row) : null
}

export function listUsers(db: ReadableDB): User[] {
  return (
    db
      .prepare('SELECT id, name, role, created_at, disabled_at FROM users ORDER BY name')
      .all() as Row[]
  ).map(toUser)
}

/** Whether the project has any account in use: then `recto serve` asks everyone to log in. */
export function hasAccounts(db: ReadableDB): boolean {
  return db.prepare('SELECT count(*) FROM users WHERE disabled_at IS NULL').pluck().get() !== 0
}

/**
 * Disables an account, ends its sessions and gives back the pages it held, at once: its claims
 * would otherwise keep those pages from everybody else until their leases ran out.
 */
export function disableUser(db: WritableDB, name: string, now = new Date()): void {
  const user = existing(db, name)
  db.transaction(() => {
    db.prepare('UPDATE users SET disabled_at = ? WHERE id = ? AND disabled_at IS NULL').run(
      now.toISOString(),
      user.id
    )
    db.prepare('DELETE FROM sessions WHERE user_id = ?').run(user.id)
    db.prepare('DELETE FROM claims WHERE user_id = ?').run(user.id)
  })()
}

function existing(db: ReadableDB, name: string): User {
  const user = findUser(db, name)
  if (!user) throw new UserError(`no account named ${name}`)
  return user
}

/** Lets a disabled account log in again; its sessions ended with the disabling stay ended. */
export function enableUser(db: WritableDB, name: string): void {
  const user = existing(db, name)
  db.prepare('UPDATE users SET disabled_at = NULL WHERE id = ?').run(user.id)
}

/** A new password; every session of the account ends, as one opened with the old may be a thief's. */
export function setPassword(db: WritableDB, name: string, password: string): void {
  const user = existing(db, name)
  if (password.length < 8) throw new UserError('a password has at least 8 characters')
  const hash = hashPassword(password)
  db.transaction(() => {
    db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, user.id)
    db.prepare('DELETE FROM sessions WHERE user_id = ?').run(user.id)
  })()
}

/** A new role, from the account's next request on (the session's user is read at each). */
export function setRole(db: WritableDB, name: string, role: Role): void {
  const user = existing(db, name)
  db.prepare('UPDATE users SET role = ? WHERE id = ?').run(role, user.id)
}

/**
 * Deletes an account with its sessions and claims. What it signed keeps its name: revisions and
 * keyings name their author, they do not point at the account.
 */
export function removeUser(db: WritableDB, name: string): void {
  const user = existing(db, name)
  db.transaction(() => {
    db.prepare('DELETE FROM claims WHERE user_id = ?').run(user.id)
    db.prepare('DELETE FROM sessions WHERE user_id = ?').run(user.id)
    db.prepare('DELETE FROM users WHERE id = ?').run(user.id)
  })()
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A new session's token for a name and password that match an enabled account, else null. */
export async function logIn(
  db: WritableDB,
  name: string,
  password: string,
  now = new Date()
): Promise<{ token: string; user: User } | null> {
  const row = db
    .prepare(
      `SELECT id, name, role, created_at, disabled_at, password_hash FROM users WHERE name = ?`
    )
    .get(name) as (Row & { password_hash: string }) | undefined
  // An unknown name costs a hash too, so timing does not tell which names exist.
  const matches = await verifyPassword(password, row?.password_hash ?? dummyHash())
  if (!row || !matches || row.disabled_at !== null) return null
  const token = randomBytes(32).toString('base64url')
  db.prepare(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)`
  ).run(tokenHash(token), row.id, now.toISOString(), now.toISOString())
  return { token, user: toUser(row) }
}

let dummy: string | undefined
function dummyHash(): string {
  dummy ??= hashPassword(randomBytes(16).toString('hex'))
  return dummy
}

/**
 * The enabled account a session token belongs to, its idle time renewed; null for an unknown,
 * idle-expired or disabled one (whose session is then removed).
 */
export function sessionUser(db: WritableDB, token: string, now = new Date()): User | null {
  const hash = tokenHash(token)
  const row = db
    .prepare(
      `SELECT u.id, u.name, u.role, u.created_at, u.disabled_at, s.last_seen_at
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`
    )
    .get(hash) as (Row & { last_seen_at: string }) | undefined
  if (!row) return null
  const idle = now.getTime() - Date.parse(row.last_seen_at)
  if (row.disabled_at !== null || idle > SESSION_IDLE_MS) {
    db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hash)
    return null
  }
  // A write per request would queue every call behind the others; a minute's precision will do.
  if (idle > SEEN_PRECISION_MS) {
    db.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?').run(
      now.toISOString(),
      hash
    )
  }
  return toUser(row)
}

export function logOut(db: WritableDB, token: string): void {
  db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash(token))
}
