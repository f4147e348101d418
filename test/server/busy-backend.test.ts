import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../src-main/api/backend.js'
import { startBackendThread } from '../../src-main/api/backend-thread.js'
import { EventStream } from '../../src-main/server/event-stream.js'
import { startServer, type RunningServer } from '../../src-main/server/server.js'
import { SAMPLES_DIR } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { send, writeRenderer } from './http.js'

const dir = tempDir('recto-busy-')
const events = new EventStream()
let backend: Backend
let server: RunningServer
let origin: URL
let ingested: () => void
const finished = new Promise<void>((resolve) => (ingested = resolve))
/** Called when the server hands a page rendering to the backend. */
let onRender: () => void = () => {}

beforeAll(async () => {
  writeRenderer(dir.dir)
  // As `recto serve` does: the backend on its own thread, the server on this one.
  backend = await startBackendThread({
    dbFile: join(dir.dir, 'review.sqlite'),
    author: 'tester',
    emit: (name, payload) => {
      events.emit(name, payload)
      if (name === 'job.finished') ingested()
    }
  })
  server = await startServer({
    dispatch: (method, input) => {
      if (method === 'pages.image') onRender()
      return backend.dispatch(method, input)
    },
    events,
    rendererDir: dir.dir,
    port: 0
  })
  origin = new URL(server.url)
  const added = await backend.dispatch('documents.add', {
    paths: [join(SAMPLES_DIR, 'two-column-article.pdf')]
  })
  expect(added.ok).toBe(true)
  await finished
}, 60_000)

afterAll(async () => {
  await server?.close()
  await backend?.close()
  dir.remove()
})

describe('recto serve with a busy backend', () => {
  it('answers files, refusals and queries while a page renders', async () => {
    const token = { 'X-Recto-Token': server.token }
    const done: string[] = []
    const started = new Promise<void>((resolve) => (onRender = resolve))
    // The largest image the renderer makes (about 25 megapixels): about a second of MuPDF work.
    const render = send(origin, '/rpc/pages.image', {
      method: 'POST',
      headers: token,
      body: JSON.stringify({ documentId: 1, pageNo: 1, scale: 8 })
    }).then((reply) => {
      done.push('render')
      return reply
    })
    await started

    const index = await send(origin, `/?token=${server.token}`)
    done.push('index')
    const refused = await send(origin, '/rpc/documents.list', { method: 'POST', body: '{}' })
    done.push('refused')
    const listed = await send(origin, '/rpc/documents.list', {
      method: 'POST',
      headers: token,
      body: '{}'
    })
    done.push('listed')

    const rendered = await render
    expect(index.status).toBe(200)
    expect(refused.status).toBe(403)
    expect(JSON.parse(listed.body)).toMatchObject({ ok: true, value: [{ pageCount: 2 }] })
    expect(rendered.status).toBe(200)
    expect(JSON.parse(rendered.body)).toMatchObject({ ok: true, value: { width: 4199 } })
    expect(done).toEqual(['index', 'refused', 'listed', 'render'])
  })
})
