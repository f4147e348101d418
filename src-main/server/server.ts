import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, normalize, resolve, sep } from 'node:path'
import type { RpcResult } from '../shared/contract.js'
import { contentType } from './content-type.js'
import type { EventStream } from './event-stream.js'

export type ServerOptions = Readonly<{
  dispatch: (method: string, input: unknown) => Promise<RpcResult<unknown>>
  events: EventStream
  /** The built renderer (out/renderer). */
  rendererDir: string
  /** 0 picks a free port. */
  port: number
}>

export type RunningServer = Readonly<{ url: string; token: string; close(): Promise<void> }>

const HOST = '127.0.0.1'
const MAX_BODY = 16 * 1024 * 1024

/**
 * The HTTP transport of `recto serve`: a convenience for one person on this machine, not a
 * network service. It listens on loopback only; API calls need the per-run token (so another
 * local web page cannot drive it) and the exact Host served (so DNS rebinding cannot either).
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const token = randomBytes(24).toString('hex')
  const root = resolve(options.rendererDir)
  let expectedHost = ''

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error')
      else res.end()
      process.stderr.write(`recto serve: ${error instanceof Error ? error.message : error}\n`)
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.host !== expectedHost) return forbidden(res)
    const url = new URL(req.url ?? '/', `http://${expectedHost}`)
    if (url.pathname.startsWith('/rpc/') || url.pathname === '/events') {
      if (!hasToken(req, url, token)) return forbidden(res)
      if (url.pathname === '/events') return options.events.add(res)
      if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'POST only')
      return rpc(decodeURIComponent(url.pathname.slice('/rpc/'.length)), req, res)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(res, 405, 'text/plain; charset=utf-8', 'GET only')
    }
    return serveFile(url.pathname, res)
  }

  async function rpc(method: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req)
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
    const result = await options.dispatch(method, input)
    send(res, 200, 'application/json; charset=utf-8', JSON.stringify(result))
  }

  async function serveFile(pathname: string, res: ServerResponse): Promise<void> {
    const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).slice(1)
    const file = resolve(root, normalize(relative))
    if (file !== root && !file.startsWith(root + sep)) return forbidden(res)
    let bytes: Buffer
    try {
      bytes = await readFile(file)
    } catch {
      if (relative === 'index.html') {
        return send(res, 500, 'text/plain; charset=utf-8', `no renderer build in ${root}`)
      }
      return send(res, 404, 'text/plain; charset=utf-8', 'not found')
    }
    send(res, 200, contentType(file), bytes, { 'Cache-Control': 'no-cache' })
  }

  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(options.port, HOST, () => done())
  })
  const { port } = server.address() as AddressInfo
  expectedHost = `${HOST}:${port}`

  return {
    url: `http://${expectedHost}/?token=${token}`,
    token,
    close: () =>
      new Promise<void>((done) => {
        options.events.close()
        server.close(() => done())
        server.closeAllConnections()
      })
  }
}

function hasToken(req: IncomingMessage, url: URL, token: string): boolean {
  const given = req.headers['x-recto-token'] ?? url.searchParams.get('token') ?? ''
  const a = Buffer.from(Array.isArray(given) ? given.join() : given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
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

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new Error('request body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Where `npm run build:web` puts the renderer, seen from out/src-main/server/. */
export const DEFAULT_RENDERER_DIR = join(import.meta.dirname, '..', '..', 'renderer')
