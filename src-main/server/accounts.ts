import type { IncomingMessage } from 'node:http'
import {
  claimNext,
  liveClaims,
  pageClaim,
  releaseClaim,
  renewClaim,
  type Claim,
  type PageKey
} from '../store/claims.js'
import { recordAudit, type AuditEntry } from '../store/audit-log.js'
import type { WritableDB } from '../store/db.js'
import { hasAccounts, logIn, logOut, sessionUser, type User } from '../store/users.js'

/**
 * The API calls that change the project beyond reviewing pages, or read the server's disk beyond
 * the project (`gold.score` reads any folder the server's user can): only an admin may make them
 * when a team shares the project. Reviewers read, edit, approve and undo.
 */
export const ADMIN_METHODS: ReadonlySet<string> = new Set([
  'documents.add',
  'gold.score',
  'accounts.list',
  'accounts.add',
  'accounts.change',
  'audit.list',
  'reports.team',
  'documents.upload',
  'documents.retry',
  'documents.remove',
  'gold.export',
  'exports.run',
  'fonts.repair',
  'fonts.setCode',
  'fonts.learnFromReview',
  'jobs.cancel',
  'keying.require',
  'keying.sample',
  'keying.adjudication',
  'keying.adjudicate'
])

/** The calls that change a page: a reviewer makes them only on a page they hold a claim on. */
export const PAGE_WRITES: ReadonlySet<string> = new Set([
  'revisions.save',
  'revisions.undo',
  'revisions.redo',
  'revisions.restructure',
  'revisions.restore',
  'pages.ocr',
  'pages.vlm',
  'keying.submit',
  'keying.adjudicate'
])

/**
 * Reviewer accounts as `recto serve` sees them: a session cookie per logged-in browser. Every
 * answer is a promise: `recto serve` asks a thread of its own (accounts-thread.ts), so that no
 * request's statements stop the server from answering the others.
 */
export type Accounts = Readonly<{
  /** Whether the project has an active account; until then the server is single-user. */
  active(): Promise<boolean>
  logIn(name: string, password: string): Promise<{ token: string; user: User } | null>
  user(token: string): Promise<User | null>
  logOut(token: string): Promise<void>
  claimNext(user: User): Promise<PageKey | null>
  /** Renews the user's claim on the page; false when they hold none there. */
  renew(user: User, page: PageKey): Promise<boolean>
  release(user: User, page: PageKey): Promise<boolean>
  holder(page: PageKey): Promise<Claim | null>
  claims(): Promise<Claim[]>
  /** Adds a line to the project's audit log. */
  audit(entry: AuditEntry): Promise<void>
}>

/** The accounts of the project open in `db`, on the calling thread. */
export function storeAccounts(db: WritableDB): Accounts {
  return {
    active: async () => hasAccounts(db),
    logIn: (name, password) => logIn(db, name, password),
    user: async (token) => sessionUser(db, token),
    logOut: async (token) => logOut(db, token),
    claimNext: async (user) => claimNext(db, user.id),
    renew: async (user, page) => renewClaim(db, user.id, page),
    release: async (user, page) => releaseClaim(db, user.id, page),
    holder: async (page) => pageClaim(db, page),
    claims: async () => liveClaims(db),
    audit: async (entry) => recordAudit(db, entry)
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
