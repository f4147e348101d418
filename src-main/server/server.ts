import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, normalize, resolve, sep } from 'node:path'
import { MAX_UPLOAD_BYTES, type RpcResult } from '../shared/contract.js'
import { Access } from './access.js'
import { ADMIN_METHODS, cookieValue, PAGE_WRITES, type Accounts } from './accounts.js'
import type { User } from '../store/users.js'
import { contentType } from './content-type.js'
import type { EventStream } from './event-stream.js'
import { messageOf } from '../shared/error-message.js'

export type ServerOptions = Readonly<{
  dispatch: (method: string, input: unknown, author?: string) => Promise<RpcResult<unknown>>
  /** Reviewer accounts: once one is active, API calls need a logged-in session, not the token. */
  accounts?: Accounts
  events: EventStream
  /** The built renderer (out/renderer). */
  rendererDir: string
  /** 0 picks a free port. */
  port: number
}>

export type RunningServer = Readonly<{ url: string; token: string; close(): Promise<void> }>

const HOST = '127.0.0.1'
/** The largest API call: a page's edited text is some kilobytes; paths to add, some more. */
export const MAX_BODY = 4 * 1024 * 1024
/** An uploaded PDF, base64 in JSON: a third larger than the file, and a little more. */
const MAX_UPLOAD_BODY = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 64 * 1024

function bodyLimit(method: string): number {
  return method === 'documents.upload' ? MAX_UPLOAD_BODY : MAX_BODY
}

/**
 * The HTTP transport of `recto serve`: a convenience for one person on this machine, not a
 * network service. It listens on loopback only; every request needs the per-run token (so another
 * local web page cannot drive it) and the exact Host served (so DNS rebinding cannot either).
 * It sends no CORS headers and answers no preflight: no other origin may read from it.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const token = randomBytes(24).toString('hex')
  const root = resolve(options.rendererDir)
  let access: Access | null = null

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error')
      else res.end()
      process.stderr.write(`recto serve: ${messageOf(error)}\n`)
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!access?.sameOrigin(req)) return forbidden(res)
    let url: URL
    let pathname: string
    try {
      url = new URL(req.url ?? '/', `http://${access.host}`)
      pathname = decodeURIComponent(url.pathname)
    } catch {
      return send(res, 400, 'text/plain; charset=utf-8', 'bad request')
    }
    if (req.method === 'OPTIONS') return send(res, 405, 'text/plain; charset=utf-8', 'no CORS')
    if (url.pathname === '/login' || url.pathname === '/logout' || url.pathname === '/session') {
      return session(url.pathname, req, res)
    }
    if (options.accounts?.active()) return team(pathname, url, req, res)
    if (url.pathname.startsWith('/rpc/') || url.pathname === '/events') {
      if (!access.shownToken(req, url)) return forbidden(res)
      if (url.pathname === '/events') return options.events.add(res)
      if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'POST only')
      return rpc(pathname.slice('/rpc/'.length), req, res)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(res, 405, 'text/plain; charset=utf-8', 'GET only')
    }
    if (!access.fileAllowed(req, url)) return forbidden(res)
    const cookie: Record<string, string> = access.shownToken(req, url)
      ? { 'Set-Cookie': access.setCookie() }
      : {}
    return serveFile(pathname, res, cookie)
  }

  /**
   * A shared project: every API call and event stream needs a logged-in session's cookie (HttpOnly,
   * SameSite=Strict, so no other site's page sends it), its account must still be enabled, and
   * only an admin may call the admin methods. The page's own files carry no project data.
   */
  async function team(
    pathname: string,
    url: URL,
    req: IncomingMessage,
    res: ServerResponse
  ): Promise<void> {
    if (
      url.pathname.startsWith('/rpc/') ||
      url.pathname.startsWith('/claims') ||
      url.pathname === '/events'
    ) {
      const user = options.accounts!.user(cookieValue(req, sessionCookie()))
      if (!user) return rpcRefused(res, 401, 'log in first')
      if (url.pathname === '/events') return options.events.add(res)
      if (url.pathname.startsWith('/claims')) return claims(url.pathname, user, req, res)
      if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'POST only')
      const method = pathname.slice('/rpc/'.length)
      if (ADMIN_METHODS.has(method) && user.role !== 'admin') {
        return rpcRefused(res, 403, `${method} is for an admin`)
      }
      const guard = PAGE_WRITES.has(method)
        ? (input: unknown) => claimGuard(user, input)
        : undefined
      return rpc(method, req, res, user.name, guard)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(res, 405, 'text/plain; charset=utf-8', 'GET only')
    }
    return serveFile(pathname, res, {})
  }

  /** A page-changing call needs the caller's live claim on the page, which it renews. */
  function claimGuard(user: User, input: unknown): string | null {
    const { documentId, pageNo } = (input ?? {}) as { documentId?: unknown; pageNo?: unknown }
    if (typeof documentId !== 'number' || typeof pageNo !== 'number') return null
    const page = { documentId, pageNo }
    if (options.accounts!.renew(user, page)) return null
    const holder = options.accounts!.holder(page)
    return holder ? `page held by ${holder.holder}` : 'claim the page first'
  }

  /** GET /claims (who holds what), POST /claims/next, POST /claims/release {documentId, pageNo}. */
  async function claims(
    path: string,
    user: User,
    req: IncomingMessage,
    res: ServerResponse
  ): Promise<void> {
    const accounts = options.accounts!
    const json = 'application/json; charset=utf-8'
    if (path === '/claims' && req.method === 'GET') {
      return send(res, 200, json, JSON.stringify(accounts.claims()))
    }
    if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'POST only')
    if (path === '/claims/next') {
      return send(res, 200, json, JSON.stringify({ page: accounts.claimNext(user) }))
    }
    if (path === '/claims/release') {
      const body = await readBody(req, MAX_BODY)
      let page: { documentId?: unknown; pageNo?: unknown } = {}
      try {
        page = JSON.parse(body ?? '') as typeof page
      } catch {
        // answered below
      }
      if (typeof page.documentId !== 'number' || typeof page.pageNo !== 'number') {
        return send(res, 400, 'text/plain; charset=utf-8', 'documentId and pageNo, as numbers')
      }
      const released = accounts.release(user, { documentId: page.documentId, pageNo: page.pageNo })
      return send(res, 200, json, JSON.stringify({ released }))
    }
    return send(res, 404, 'text/plain; charset=utf-8', 'not found')
  }

  function sessionCookie(): string {
    return `${access!.cookie}-session`
  }

  /** POST /login {name, password}, POST /logout, GET /session: who this browser is. */
  async function session(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const accounts = options.accounts
    const json = 'application/json; charset=utf-8'
    if (!accounts) return send(res, 404, 'text/plain; charset=utf-8', 'not found')
    if (path === '/session') {
      const user = accounts.active() ? accounts.user(cookieValue(req, sessionCookie())) : null
      const body = { team: accounts.active(), user: user && { name: user.name, role: user.role } }
      return send(res, 200, json, JSON.stringify(body))
    }
    if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'POST only')
    if (path === '/logout') {
      accounts.logOut(cookieValue(req, sessionCookie()))
      return send(res, 200, json, '{}', {
        'Set-Cookie': `${sessionCookie()}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`
      })
    }
    const body = await readBody(req, MAX_BODY)
    let given: { name?: unknown; password?: unknown } = {}
    try {
      given = JSON.parse(body ?? '') as typeof given
    } catch {
      // answered below as a failed login
    }
    const login =
      typeof given.name === 'string' && typeof given.password === 'string'
        ? accounts.logIn(given.name, given.password)
        : null
    if (!login) return rpcRefused(res, 401, 'wrong name or password, or the account is disabled')
    const { name, role } = login.user
    return send(res, 200, json, JSON.stringify({ name, role }), {
      'Set-Cookie': `${sessionCookie()}=${login.token}; Path=/; HttpOnly; SameSite=Strict`
    })
  }

  function rpcRefused(res: ServerResponse, status: number, message: string): void {
    const result: RpcResult<never> = { ok: false, error: { code: 'forbidden', message } }
    send(res, status, 'application/json; charset=utf-8', JSON.stringify(result))
  }

  async function rpc(
    method: string,
    req: IncomingMessage,
    res: ServerResponse,
    author?: string,
    guard?: (input: unknown) => string | null
  ): Promise<void> {
    const limit = bodyLimit(method)
    const body = await readBody(req, limit)
    if (body === null) {
      // The rest of the body is not read: the connection closes once the answer is sent.
      res.setHeader('Connection', 'close')
      const message = `the request body is larger than ${Math.floor(limit / 2 ** 20)} MB`
      const result: RpcResult<never> = { ok: false, error: { code: 'invalid-input', message } }
      return send(res, 413, 'application/json; charset=utf-8', JSON.stringify(result))
    }
    let input: unknown
    try {
      input = body.length === 0 ? {} : JSON.parse(body)
    } catch {
      const result: RpcResult<never> = {
        ok: false,
        error: { code: 'invalid-input', message: 'the request body is not JSON' }
      }
      return send(res, 400, 'application/json; charset=utf-8', JSON.stringify(result))
    }
    const refused = guard?.(input)
    if (refused) {
      const result: RpcResult<never> = { ok: false, error: { code: 'conflict', message: refused } }
      return send(res, 409, 'application/json; charset=utf-8', JSON.stringify(result))
    }
    const result = await options.dispatch(method, input, author)
    send(res, 200, 'application/json; charset=utf-8', JSON.stringify(result))
  }

  async function serveFile(
    pathname: string,
    res: ServerResponse,
    headers: Record<string, string>
  ): Promise<void> {
    const relative = pathname === '/' ? 'index.html' : pathname.slice(1)
    const file = resolve(root, normalize(relative))
    if (relative.includes('\0') || (file !== root && !file.startsWith(root + sep))) {
      return forbidden(res)
    }
    let bytes: Buffer
    try {
      bytes = await readFile(file)
    } catch {
      if (relative === 'index.html') {
        return send(res, 500, 'text/plain; charset=utf-8', `no renderer build in ${root}`)
      }
      return send(res, 404, 'text/plain; charset=utf-8', 'not found')
    }
    send(res, 200, contentType(file), bytes, { 'Cache-Control': 'no-cache', ...headers })
  }

  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(options.port, HOST, () => done())
  })
  const { port } = server.address() as AddressInfo
  access = new Access(token, `${HOST}:${port}`, port)

  return {
    url: `http://${access.host}/?token=${token}`,
    token,
    close: () =>
      new Promise<void>((done) => {
        options.events.close()
        server.close(() => done())
        server.closeAllConnections()
      })
  }
}

function forbidden(res: ServerResponse): void {
  send(res, 403, 'text/plain; charset=utf-8', 'forbidden')
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {}
): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
    // The page's URL carries the token: never send it on as a referrer, never show it framed.
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "frame-ancestors 'none'",
    ...headers
  })
  res.end(body)
}

/**
 * The body as text, or null when it is larger than `limit` (by its header or its bytes). What
 * follows the limit is read and dropped, not kept, so the 413 still reaches the client.
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) return void chunks.push(chunk)
      req.off('data', onData).off('end', onEnd).resume()
      resolve(null)
    }
    const onEnd = () => resolve(Buffer.concat(chunks).toString('utf8'))
    req.on('data', onData).on('end', onEnd).once('error', reject)
  })
}

/** Where `npm run build:web` puts the renderer, seen from out/src-main/server/. */
export const DEFAULT_RENDERER_DIR = join(import.meta.dirname, '..', '..', 'renderer')
