import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { join, normalize, resolve, sep } from 'node:path'
import { isClaimRefusal } from '../shared/claim-refusal.js'
import { MAX_UPLOAD_BYTES, type RpcResult } from '../shared/contract.js'
import { Access } from './access.js'
import type { Accounts } from './accounts.js'
import { contentType } from './content-type.js'
import type { EventStream } from './event-stream.js'
import { LoginThrottle } from './login-throttle.js'
import { messageOf } from '../shared/error-message.js'
import { reasonIsOutage } from '../store/postgres/unreachable.js'
import { forbidden, JSON_TYPE, MAX_BODY, readBody, send, TEXT_TYPE } from './reply.js'
import { sessionRoute, teamRoute, type PageWriteClaim, type TeamServer } from './team-routes.js'
import { packageRoot } from '../install/package-root.js'

export { MAX_BODY }

export type ServerOptions = Readonly<{
  dispatch: (
    method: string,
    input: unknown,
    author?: string,
    claimant?: number
  ) => Promise<RpcResult<unknown>>
  /** Reviewer accounts: once one is active, API calls need a logged-in session, not the token. */
  accounts?: Accounts
  events: EventStream
  /** The built renderer (out/renderer). */
  rendererDir: string
  /** 0 picks a free port. */
  port: number
  /** Where the server's own lines go (failed logins, errors); stderr by default. */
  log?: (line: string) => void
  /** The address to listen on: 127.0.0.1 by default, this machine only. */
  host?: string
  /**
   * The address a team reaches the server at (`https://recto.example.org`): its Host and Origin
   * are accepted beside the listening address's, and the printed URL is it.
   */
  publicUrl?: URL
  /** A certificate and its key (PEM): the server speaks HTTPS itself. */
  tls?: Readonly<{ cert: Buffer; key: Buffer }>
  /** A reverse proxy in front: its X-Forwarded-Proto and X-Forwarded-For are believed. */
  trustProxy?: boolean
}>

export type RunningServer = Readonly<{ url: string; token: string; close(): Promise<void> }>

const LOOPBACK = '127.0.0.1'
/** An uploaded PDF, base64 in JSON: a third larger than the file, and a little more. */
const MAX_UPLOAD_BODY = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 64 * 1024

function bodyLimit(method: string): number {
  return method === 'documents.upload' ? MAX_UPLOAD_BODY : MAX_BODY
}

/**
 * The HTTP transport of `recto serve`. It listens on loopback unless told another address; every
 * request needs the per-run token or, in a shared project, a logged-in session (so another web
 * page cannot drive it) and one of the server's own Hosts (so DNS rebinding cannot either). It
 * sends no CORS headers and answers no preflight: no other origin may read from it.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const token = randomBytes(24).toString('hex')
  const root = resolve(options.rendererDir)
  let access: Access | null = null
  const accounts = options.accounts
  const log = options.log ?? ((line: string) => void process.stderr.write(`recto serve: ${line}\n`))
  const teamServer: TeamServer | null = accounts
    ? {
        accounts,
        events: options.events,
        sessionCookie: () => `${access!.cookie}-session`,
        cookieAttributes: (req) => access!.cookieAttributes(req),
        rpc,
        serveFile: (pathname, res) => serveFile(pathname, res, {}),
        throttle: new LoginThrottle(),
        log,
        address: (req) => access!.address(req)
      }
    : null

  const outage = (message: string): RpcResult<never> => ({
    ok: false,
    error: { code: 'internal', message }
  })
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((error: unknown) => {
      const message = messageOf(error)
      // The database restarting (a login or a claim asked meanwhile) is said as such: the
      // caller tries again, as the store does.
      if (res.headersSent) res.end()
      else if (reasonIsOutage(message)) send(res, 503, JSON_TYPE, JSON.stringify(outage(message)))
      else send(res, 500, TEXT_TYPE, 'internal error')
      log(message)
    })
  }
  const server = options.tls
    ? createTlsServer({ cert: options.tls.cert, key: options.tls.key }, listener)
    : createServer(listener)

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!access?.sameOrigin(req)) return forbidden(res)
    let url: URL
    let pathname: string
    try {
      url = new URL(req.url ?? '/', `http://${req.headers.host}`)
      pathname = decodeURIComponent(url.pathname)
    } catch {
      return send(res, 400, TEXT_TYPE, 'bad request')
    }
    if (req.method === 'OPTIONS') return send(res, 405, TEXT_TYPE, 'no CORS')
    if (url.pathname === '/login' || url.pathname === '/logout' || url.pathname === '/session') {
      if (!teamServer) return send(res, 404, TEXT_TYPE, 'not found')
      return sessionRoute(teamServer, url.pathname, req, res)
    }
    if (teamServer && (await teamRoute(teamServer, url, pathname, req, res))) return
    if (url.pathname.startsWith('/rpc/') || url.pathname === '/events') {
      if (!access.shownToken(req, url)) return forbidden(res)
      if (url.pathname === '/events') return options.events.add(res)
      if (req.method !== 'POST') return send(res, 405, TEXT_TYPE, 'POST only')
      return rpc(pathname.slice('/rpc/'.length), req, res)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(res, 405, TEXT_TYPE, 'GET only')
    }
    if (!access.fileAllowed(req, url)) return forbidden(res)
    const cookie: Record<string, string> = access.shownToken(req, url)
      ? { 'Set-Cookie': access.setCookie(req) }
      : {}
    return serveFile(pathname, res, cookie)
  }

  async function rpc(
    method: string,
    req: IncomingMessage,
    res: ServerResponse,
    author?: string,
    claim?: PageWriteClaim,
    onAnswered?: (input: unknown, result: RpcResult<unknown>) => Promise<void>
  ): Promise<void> {
    const limit = bodyLimit(method)
    const body = await readBody(req, limit)
    if (body === null) {
      // The rest of the body is not read: the connection closes once the answer is sent.
      res.setHeader('Connection', 'close')
      const message = `the request body is larger than ${Math.floor(limit / 2 ** 20)} MB`
      const result: RpcResult<never> = { ok: false, error: { code: 'invalid-input', message } }
      return send(res, 413, JSON_TYPE, JSON.stringify(result))
    }
    let input: unknown
    try {
      input = body.length === 0 ? {} : JSON.parse(body)
    } catch {
      const result: RpcResult<never> = {
        ok: false,
        error: { code: 'invalid-input', message: 'the request body is not JSON' }
      }
      return send(res, 400, JSON_TYPE, JSON.stringify(result))
    }
    const refused = await claim?.guard(input)
    if (refused) {
      const code = refused.status === 403 ? 'forbidden' : 'conflict'
      const result: RpcResult<never> = { ok: false, error: { code, message: refused.message } }
      return send(res, refused.status, JSON_TYPE, JSON.stringify(result))
    }
    const result = await options.dispatch(method, input, author, claim?.claimant)
    await onAnswered?.(input, result)
    // The claim checked again as the page is written, lost in between: refused as above.
    const lost = claim !== undefined && !result.ok && isClaimRefusal(result.error)
    send(res, lost ? 409 : 200, JSON_TYPE, JSON.stringify(result))
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
        return send(res, 500, TEXT_TYPE, `no renderer build in ${root}`)
      }
      return send(res, 404, TEXT_TYPE, 'not found')
    }
    send(res, 200, contentType(file), bytes, { 'Cache-Control': 'no-cache', ...headers })
  }

  const host = options.host ?? LOOPBACK
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(options.port, host, () => done())
  })
  const { port } = server.address() as AddressInfo
  const scheme = options.tls ? 'https' : 'http'
  // A wildcard address is no Host a browser sends: the public URL names the server there.
  const listening = isWildcard(host) ? [] : [new URL(`${scheme}://${hostInUrl(host)}:${port}`)]
  const loopback = new URL(`${scheme}://${LOOPBACK}:${port}`)
  const origins = [
    ...(options.publicUrl ? [new URL(options.publicUrl.origin)] : []),
    ...listening,
    ...(listening.some((origin) => origin.host === loopback.host) ? [] : [loopback])
  ]
  access = new Access(token, origins, port, options.trustProxy ?? false)

  return {
    url: `${origins[0]!.origin}/?token=${token}`,
    token,
    close: () =>
      new Promise<void>((done) => {
        options.events.close()
        server.close(() => done())
        server.closeAllConnections()
      })
  }
}

function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === ''
}

/** An IPv6 address goes in brackets in a URL. */
function hostInUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

/** Where `npm run build:web` puts the renderer. */
export const DEFAULT_RENDERER_DIR = join(packageRoot(), 'out', 'renderer')
