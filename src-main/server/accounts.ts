import type { IncomingMessage } from 'node:http'
import type { WritableDB } from '../store/db.js'
import { hasAccounts, logIn, logOut, sessionUser, type User } from '../store/users.js'

/**
 * The API calls that change the project beyond reviewing pages: only an admin may make them when
 * a team shares the project. Reviewers read, edit, approve and undo.
 */
export const ADMIN_METHODS: ReadonlySet<string> = new Set([
  'documents.add',
  'documents.upload',
  'documents.retry',
  'documents.remove',
  'gold.export',
  'exports.run',
  'fonts.repair',
  'fonts.setCode',
  'fonts.learnFromReview',
  'jobs.cancel'
])

/** Reviewer accounts as `recto serve` sees them: a session cookie per logged-in browser. */
export type Accounts = Readonly<{
  /** Whether the project has an active account; until then the server is single-user. */
  active(): boolean
  logIn(name: string, password: string): { token: string; user: User } | null
  user(token: string): User | null
  logOut(token: string): void
}>

export function storeAccounts(db: WritableDB): Accounts {
  return {
    active: () => hasAccounts(db),
    logIn: (name, password) => logIn(db, name, password),
    user: (token) => sessionUser(db, token),
    logOut: (token) => logOut(db, token)
  }
}

/** The value of the cookie `name` in the request, or ''. */
export function cookieValue(req: IncomingMessage, name: string): string {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return ''
}
