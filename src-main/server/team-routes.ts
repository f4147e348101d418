import type { IncomingMessage, ServerResponse } from 'node:http'
import { claimRefusal } from '../api/page-claim.js'
import type { User } from '../store/users.js'
import { ADMIN_METHODS, cookieValue, PAGE_WRITES, type Accounts } from './accounts.js'
import type { EventStream } from './event-stream.js'
import type { LoginThrottle } from './login-throttle.js'
import { JSON_TYPE, readFields, rpcRefused, send, TEXT_TYPE } from './reply.js'
import type { RpcResult } from '../shared/contract.js'
import { auditedCall } from './audited-calls.js'

/** Why a call is refused before it reaches the backend: 403 for the role, 409 for the claim. */
export type Refusal = Readonly<{ status: 403 | 409; message: string }>

/**
 * A page-changing call in a shared project: `guard` refuses it before any work when the caller
 * holds no live claim on the page, and the backend checks `claimant`'s claim again in the
 * transaction that writes the page, where a release or takeover in between is caught.
 */
export type PageWriteClaim = Readonly<{
  claimant: number
  guard(input: unknown): Promise<Refusal | null>
}>

/** How the team routes hand an allowed API call or file on to the server. */
export type TeamServer = Readonly<{
  accounts: Accounts
  events: EventStream
  /** The session cookie's name (one per port, as the token's). */
  sessionCookie(): string
  /** Its attributes for this request: `Secure` where the browser reached the server by HTTPS. */
  cookieAttributes(req: IncomingMessage): string
  rpc(
    method: string,
    req: IncomingMessage,
    res: ServerResponse,
    author: string,
    claim?: PageWriteClaim,
    onAnswered?: (input: unknown, result: RpcResult<unknown>) => Promise<void>
  ): Promise<void>
  serveFile(pathname: string, res: ServerResponse): Promise<void>
  throttle: LoginThrottle
  /** Where the server's own lines go (failed logins): stderr in `recto serve`. */
  log(line: string): void
  /** The client's address, as the throttle and the log name it. */
  address(req: IncomingMessage): string
}>

/** POST /login {name, password}, POST /logout, GET /session: who this browser is. */
export async function sessionRoute(
  server: TeamServer,
  path: string,
  req: IncomingMessage,
  res: ServerResponse
): Promise<void> {
  const { accounts } = server
  const cookie = server.sessionCookie()
  if (path === '/session') {
    const team = await accounts.active()
    const user = team ? await accounts.user(cookieValue(req, cookie)) : null
    const body = { team, user: user && { name: user.name, role: user.role } }
    return send(res, 200, JSON_TYPE, JSON.stringify(body))
  }
  if (req.method !== 'POST') return send(res, 405, TEXT_TYPE, 'POST only')
  if (path === '/logout') {
    await accounts.logOut(cookieValue(req, cookie))
    return send(res, 200, JSON_TYPE, '{}', {
      'Set-Cookie': `${cookie}=; ${server.cookieAttributes(req)}; Max-Age=0`
    })
  }
  const given = await readFields(req)
  const tried = typeof given.name === 'string' ? given.name.slice(0, 64) : ''
  const address = server.address(req)
  // Named as JSON: a name is the caller's text, and must not start a line of the log of its own.
  const who = `${JSON.stringify(tried)} from ${address}`
  const wait = server.throttle.wait(tried, address)
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000)
    server.log(`login refused for ${who}: too many failed logins, ${seconds} s to wait`)
    await accounts.audit({ actor: tried, action: 'login refused', detail: { address } })
    return rpcRefused(res, 429, `too many failed logins: try again in ${seconds} s`, {
      'Retry-After': String(seconds)
    })
  }
  const login =
    tried !== '' && typeof given.password === 'string'
      ? await accounts.logIn(tried, given.password)
      : null
  if (!login) {
    server.throttle.failed(tried, address)
    server.log(`failed login for ${who}`)
    await accounts.audit({ actor: tried, action: 'login failed', detail: { address } })
    return rpcRefused(res, 401, 'wrong name or password, or the account is disabled')
  }
  server.throttle.succeeded(tried, address)
  await accounts.audit({ actor: login.user.name, action: 'login', detail: { address } })
  const { name, role } = login.user
  return send(res, 200, JSON_TYPE, JSON.stringify({ name, role }), {
    'Set-Cookie': `${cookie}=${login.token}; ${server.cookieAttributes(req)}`
  })
}

/**
 * A shared project: every API call and event stream needs a logged-in session's cookie (HttpOnly,
 * SameSite=Strict, so no other site's page sends it), its account must still be enabled, and
 * only an admin may call the admin methods. The page's own files carry no project data.
 * Answers the request and gives true when the project is shared; false leaves it to the token.
 */
export async function teamRoute(
  server: TeamServer,
  url: URL,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse
): Promise<boolean> {
  const token = cookieValue(req, server.sessionCookie())
  // A live session is an enabled account's, so the project is shared: one question, not two.
  const user = token ? await server.accounts.user(token) : null
  if (!user && !(await server.accounts.active())) return false
  await teamAnswer(server, user, token, url, pathname, req, res)
  return true
}

async function teamAnswer(
  server: TeamServer,
  user: User | null,
  token: string,
  url: URL,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse
): Promise<void> {
  const raw = url.pathname
  if (raw.startsWith('/rpc/') || raw.startsWith('/claims') || raw === '/events') {
    if (!user) return rpcRefused(res, 401, 'log in first')
    if (raw === '/events') {
      return server.events.add(res, async () => (await server.accounts.user(token)) !== null)
    }
    if (raw.startsWith('/claims')) return claimsRoute(server, raw, user, req, res)
    if (req.method !== 'POST') return send(res, 405, TEXT_TYPE, 'POST only')
    const method = pathname.slice('/rpc/'.length)
    if (ADMIN_METHODS.has(method) && user.role !== 'admin') {
      return rpcRefused(res, 403, `${method} is for an admin`)
    }
    const claim: PageWriteClaim | undefined = PAGE_WRITES.has(method)
      ? { claimant: user.id, guard: (input) => claimGuard(server.accounts, user, method, input) }
      : undefined
    const audit = (input: unknown, result: RpcResult<unknown>) => {
      const entry = auditedCall(user.name, method, input, result)
      return entry ? server.accounts.audit(entry) : Promise.resolve()
    }
    return server.rpc(method, req, res, user.name, claim, audit)
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, TEXT_TYPE, 'GET only')
  return server.serveFile(pathname, res)
}

/**
 * A page-changing call needs the caller's live claim on the page, which it renews. OCR of a
 * document or of the whole project changes pages nobody claimed for it, for minutes, and cannot
 * be stopped by a reviewer: an admin's, which leaves the pages others hold to them.
 */
async function claimGuard(
  accounts: Accounts,
  user: User,
  method: string,
  input: unknown
): Promise<Refusal | null> {
  const { documentId, pageNo } = (input ?? {}) as { documentId?: unknown; pageNo?: unknown }
  if (method === 'pages.ocr' && pageNo === undefined) {
    if (user.role === 'admin') return null
    const message =
      'OCR of a document or of the whole project is for an admin; claim a page to OCR it'
    return { status: 403, message }
  }
  if (typeof documentId !== 'number' || typeof pageNo !== 'number') return null
  const page = { documentId, pageNo }
  if (await accounts.renew(user, page)) return null
  return { status: 409, message: claimRefusal((await accounts.holder(page))?.holder ?? null) }
}

/** GET /claims (who holds what), POST /claims/next, POST /claims/release {documentId, pageNo}. */
async function claimsRoute(
  { accounts, events }: TeamServer,
  path: string,
  user: User,
  req: IncomingMessage,
  res: ServerResponse
): Promise<void> {
  if (path === '/claims' && req.method === 'GET') {
    return send(res, 200, JSON_TYPE, JSON.stringify(await accounts.claims()))
  }
  if (req.method !== 'POST') return send(res, 405, TEXT_TYPE, 'POST only')
  if (path === '/claims/next') {
    const page = await accounts.claimNext(user)
    events.emit('claims.changed', {})
    return send(res, 200, JSON_TYPE, JSON.stringify({ page }))
  }
  if (path === '/claims/release') {
    const page = await readFields(req)
    if (typeof page.documentId !== 'number' || typeof page.pageNo !== 'number') {
      return send(res, 400, TEXT_TYPE, 'documentId and pageNo, as numbers')
    }
    const released = await accounts.release(user, {
      documentId: page.documentId,
      pageNo: page.pageNo
    })
    if (released) events.emit('claims.changed', {})
    return send(res, 200, JSON_TYPE, JSON.stringify({ released }))
  }
  return send(res, 404, TEXT_TYPE, 'not found')
}
