import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventStream } from '../../src-main/server/event-stream.js'
import { startServer, type RunningServer } from '../../src-main/server/server.js'
import { testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { send as sendTo, writeRenderer, type Reply, type SendOptions } from './http.js'

const api = testBackend()
const renderer = tempDir('recto-renderer-')
const events = new EventStream()
let server: RunningServer
let origin: URL

const send = (path: string, options?: SendOptions): Promise<Reply> => sendTo(origin, path, options)
const rpc = (method: string, headers: Record<string, string>, body = '{}') =>
  send(`/rpc/${method}`, { method: 'POST', headers, body })

beforeAll(async () => {
  writeRenderer(renderer.dir)
  server = await startServer({
    dispatch: api.backend.dispatch,
    events,
    rendererDir: renderer.dir,
    port: 0
  })
  origin = new URL(server.url)
})

afterAll(async () => {
  await server.close()
  await api.close()
  renderer.remove()
})

describe('recto serve', () => {
  it('listens on loopback only, with a token in its URL', () => {
    expect(origin.hostname).toBe('127.0.0.1')
    expect(origin.searchParams.get('token')).toBe(server.token)
    expect(server.token).toMatch(/^[0-9a-f]{48}$/)
  })

  it('answers an API call that shows the token', async () => {
    const reply = await rpc('documents.list', { 'X-Recto-Token': server.token })
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toEqual({ ok: true, value: [] })
  })

  it('refuses an API call without the token, or with a wrong one', async () => {
    expect((await rpc('documents.list', {})).status).toBe(403)
    expect((await rpc('documents.list', { 'X-Recto-Token': 'f'.repeat(48) })).status).toBe(403)
    expect((await rpc('documents.list', { 'X-Recto-Token': server.token + '0' })).status).toBe(403)
    expect((await send('/events')).status).toBe(403)
  })

  it('refuses any request naming another host (DNS rebinding)', async () => {
    const headers = { 'X-Recto-Token': server.token, Host: `evil.example:${origin.port}` }
    expect((await rpc('documents.list', headers)).status).toBe(403)
    expect((await send('/', { headers: { Host: `localhost:${origin.port}` } })).status).toBe(403)
  })

  it('passes refusals of the dispatcher through as {code, message}', async () => {
    const bad = await rpc('pages.get', { 'X-Recto-Token': server.token }, '{"documentId":"one"}')
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    const notJson = await rpc('documents.list', { 'X-Recto-Token': server.token }, '{')
    expect(notJson.status).toBe(400)
    expect(JSON.parse(notJson.body)).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
  })

  it('serves the renderer with content types from the file names', async () => {
    const index = await send(`/?token=${server.token}`)
    expect(index.status).toBe(200)
    expect(index.type).toBe('text/html; charset=utf-8')
    // The token in the page's URL must not leak through a referrer or a framing page.
    expect(index.headers['referrer-policy']).toBe('no-referrer')
    expect(index.headers['content-security-policy']).toBe("frame-ancestors 'none'")
    const script = await send(`/assets/app.js?token=${server.token}`)
    expect(script.type).toBe('text/javascript; charset=utf-8')
    expect((await send(`/assets/missing.js?token=${server.token}`)).status).toBe(404)
  })

  it('streams events to a client that shows the token', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: origin.hostname,
          port: origin.port,
          path: `/events?token=${server.token}`,
          headers: { Host: origin.host }
        },
        (res) => {
          expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8')
          let buffer = ''
          let sent = false
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            buffer += chunk
            // The stream opens with a comment line; from then on the client is registered.
            if (!sent && buffer.startsWith(': connected\n\n')) {
              sent = true
              events.emit('documents.changed', {})
            }
            const frame = /data: (.*)\n\n/.exec(buffer)
            if (frame) {
              resolve(frame[1]!)
              req.destroy()
            }
          })
        }
      )
      req.on('error', reject)
      req.end()
    })
    expect(JSON.parse(received)).toEqual({ name: 'documents.changed', payload: {} })
  })
})
