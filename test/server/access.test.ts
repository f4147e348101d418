import { mkdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventStream } from '../../src-main/server/event-stream.js'
import { MAX_BODY, startServer, type RunningServer } from '../../src-main/server/server.js'
import { testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { send as sendTo, writeRenderer, type Reply, type SendOptions } from './http.js'

/** The checks every request to `recto serve` passes, seen from a hostile page or process. */
const api = testBackend()
const parent = tempDir('recto-serve-')
const renderer = join(parent.dir, 'renderer')
// A sibling whose name starts like the renderer folder's: a prefix check alone would let it out.
const sibling = join(parent.dir, 'renderer-secrets')
let server: RunningServer
let origin: URL

const send = (path: string, options?: SendOptions): Promise<Reply> => sendTo(origin, path, options)
const withToken = (path: string) => `${path}${path.includes('?') ? '&' : '?'}token=${server.token}`
const rpc = (headers: Record<string, string>, body = '{}') =>
  send('/rpc/documents.list', { method: 'POST', headers, body })

beforeAll(async () => {
  mkdirSync(renderer)
  writeRenderer(renderer)
  mkdirSync(sibling)
  writeFileSync(join(sibling, 'key.txt'), 'secret')
  server = await startServer({
    dispatch: api.backend.dispatch,
    events: new EventStream(),
    rendererDir: renderer,
    port: 0
  })
  origin = new URL(server.url)
})

afterAll(async () => {
  await server.close()
  await api.close()
  parent.remove()
})

describe('recto serve: the token', () => {
  it('is needed for the page and its files too', async () => {
    expect((await send('/')).status).toBe(403)
    expect((await send('/index.html')).status).toBe(403)
    expect((await send('/assets/app.js')).status).toBe(403)
    expect((await send('/assets/app.js?token=' + 'a'.repeat(48))).status).toBe(403)
    expect((await send(withToken('/assets/app.js'))).status).toBe(200)
  })

  it('opens the page once in the address, then goes with the files as a cookie of this port', async () => {
    const page = await send(withToken('/'))
    expect(page.status).toBe(200)
    const cookie = String(page.headers['set-cookie'])
    expect(cookie).toBe(`recto-${origin.port}=${server.token}; Path=/; HttpOnly; SameSite=Strict`)
    const pair = cookie.split(';')[0]!
    expect((await send('/assets/app.js', { headers: { Cookie: pair } })).status).toBe(200)
    const otherPort = `recto-1=${server.token}`
    expect((await send('/assets/app.js', { headers: { Cookie: otherPort } })).status).toBe(403)
    const wrong = `recto-${origin.port}=${'0'.repeat(48)}`
    expect((await send('/assets/app.js', { headers: { Cookie: wrong } })).status).toBe(403)
  })

  it('is never taken from the cookie for API calls or events, which a forged request carries too', async () => {
    const Cookie = `recto-${origin.port}=${server.token}`
    expect((await rpc({ Cookie })).status).toBe(403)
    expect((await send('/events', { headers: { Cookie } })).status).toBe(403)
  })
})

describe('recto serve: other origins', () => {
  it('refuses a call a browser marks as coming from another page, token or not', async () => {
    const token = { 'X-Recto-Token': server.token }
    expect((await rpc({ ...token, Origin: `http://${origin.host}` })).status).toBe(200)
    expect((await rpc({ ...token, Origin: 'http://evil.example' })).status).toBe(403)
    expect((await rpc({ ...token, Origin: 'http://127.0.0.1:1' })).status).toBe(403)
    expect((await rpc({ ...token, Origin: 'null' })).status).toBe(403)
    expect((await rpc({ ...token, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    expect((await rpc({ ...token, 'Sec-Fetch-Site': 'same-site' })).status).toBe(403)
  })

  it('refuses a Host it does not serve, as a rebound DNS name would send', async () => {
    for (const Host of [
      'evil.example',
      `evil.example:${origin.port}`,
      '127.0.0.1:1',
      'localhost'
    ]) {
      expect((await send(withToken('/'), { headers: { Host } })).status).toBe(403)
    }
  })

  it('sends no CORS headers and answers no preflight', async () => {
    const preflight = await send(withToken('/rpc/documents.list'), {
      method: 'OPTIONS',
      headers: {
        Origin: `http://${origin.host}`,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-recto-token'
      }
    })
    expect(preflight.status).toBe(405)
    const replies = [
      preflight,
      await rpc({ 'X-Recto-Token': server.token, Origin: `http://${origin.host}` }),
      await send(withToken('/')),
      await rpc({ Origin: 'http://evil.example' })
    ]
    for (const reply of replies) {
      expect(Object.keys(reply.headers).filter((h) => h.startsWith('access-control-'))).toEqual([])
    }
  })
})

describe('recto serve: static files', () => {
  it('never serves a file outside the renderer folder', async () => {
    const escapes = [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
      `/..%2f${basename(sibling)}%2fkey.txt`,
      `/../${basename(sibling)}/key.txt`,
      '/assets/..%5c..%5c..%5cetc%5cpasswd',
      '/%2fetc%2fpasswd',
      '//etc/passwd',
      '/index.html%00.js'
    ]
    for (const path of escapes) {
      const reply = await send(withToken(path))
      expect([403, 404], path).toContain(reply.status)
      expect(reply.body, path).not.toMatch(/root:|secret/)
    }
  })

  it('answers a malformed escape with 400, not a server error', async () => {
    expect((await send(withToken('/assets/%E0%A4%A.js'))).status).toBe(400)
    const rpcReply = await send(withToken('/rpc/%E0%A4%A'), { method: 'POST', body: '{}' })
    expect(rpcReply.status).toBe(400)
  })
})

describe('recto serve: request bodies', () => {
  const token = () => ({ 'X-Recto-Token': server.token })

  it('takes a large call within the limit', async () => {
    const body = JSON.stringify({}) + ' '.repeat(MAX_BODY - 10)
    const reply = await rpc(token(), body)
    expect(reply.status).toBe(200)
  })

  it('refuses a body over the limit by its declared length with 413', async () => {
    const reply = await rpc(token(), ' '.repeat(MAX_BODY + 1))
    expect(reply.status).toBe(413)
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
  })

  it('refuses a chunked body that grows past the limit with 413, and keeps serving', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: origin.hostname,
          port: origin.port,
          path: '/rpc/documents.list',
          method: 'POST',
          headers: { Host: origin.host, ...token(), 'Transfer-Encoding': 'chunked' }
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        }
      )
      req.on('error', reject)
      const chunk = ' '.repeat(1 << 20)
      let sent = 0
      const pump = () => {
        while (sent < MAX_BODY / chunk.length + 2) {
          sent++
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
        req.end()
      }
      pump()
    })
    expect(status).toBe(413)
    expect((await rpc(token())).status).toBe(200)
  })
})
