import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, normalize, resolve, sep } from 'node:path'
import { isClaimRefusal } from '../api/page-claim.js'
import { MAX_UPLOAD_BYTES, type RpcResult } from '../shared/contract.js'
import { Access } from './access.js'
import type { Accounts } from './accounts.js'
import { contentType } from './content-type.js'
import type { EventStream } from './event-stream.js'
import { messageOf } from '../shared/error-message.js'
import { reasonIsOutage } from '../store/postgres/unreachable.js'
import { forbidden, JSON_TYPE, MAX_BODY, readBody, send, TEXT_TYPE } from './reply.js'
import { sessionRoute, teamRoute, type PageWriteClaim, type TeamServer } from './team-routes.js'

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
}>

export type RunningServer = Readonly<{ url: string; token: string; close(): Promise<void> }>

const HOST = '127.0.0.1'
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
  const accounts = options.accounts
  const teamServer: TeamServer | null = accounts
    ? {
        accounts,
        events: options.events,
        sessionCookie: () => `${access!.cookie}-session`,
        rpc,
        serveFile: (pathname, res) => serveFile(pathname, res, {})
      }
    : null

  const outage = (message: string): RpcResult<never> => ({
    ok: false,
    error: { code: 'internal', message }
  })
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const message = messageOf(error)
      // The database restarting (a login or a claim asked meanwhile) is said as such: the
      // caller tries again, as the store does.
      if (res.headersSent) res.end()
      else if (reasonIsOutage(message)) send(res, 503, JSON_TYPE, JSON.stringify(outage(message)))
      else send(res, 500, TEXT_TYPE, 'internal error')
      process.stderr.write(`recto serve: ${message}\n`)
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
      ? { 'Set-Cookie': access.setCookie() }
      : {}
    return serveFile(pathname, res, cookie)
  }

  async function rpc(
    method: string,
    req: IncomingMessage,
    res: ServerResponse,
    author?: string,
    claim?: PageWriteClaim
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
      const result: RpcResult<never> = { ok: false, error: { code: 'conflict', message: refused } }
      return send(res, 409, JSON_TYPE, JSON.stringify(result))
    }
    const result = await options.dispatch(method, input, author, claim?.claimant)
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

/** Where `npm run build:web` puts the renderer, seen from out/src-main/server/. */
export const DEFAULT_RENDERER_DIR = join(import.meta.dirname, '..', '..', 'renderer')
