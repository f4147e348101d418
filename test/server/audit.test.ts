import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'
import { recto } from '../helpers/cli.js'
import { loggedIn, rpc, send, startTeamServer, type Reply, type TeamServer } from './http.js'

/** Who did what in a shared project: logins, failed logins and admin actions, kept and printed. */
const api = testBackend()
let team: TeamServer
const cookies: Record<string, string> = {}

const call = (who: string, method: string, input: unknown): Promise<Reply> =>
  rpc(team.origin, cookies[who]!, method, input)

beforeAll(async () => {
  const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  team = await startTeamServer(api.backend.dispatch, api.dbFile, () => undefined)
  cookies.ada = (await loggedIn(team, 'ada', 'reviewer')).cookie
  cookies.root = (await loggedIn(team, 'root', 'admin')).cookie
})

afterAll(async () => {
  await team.close()
  await api.close()
})

type Line = { actor: string; action: string; documentId: number | null; detail: object }

describe('the audit log', () => {
  it('keeps logins, failed logins and admin actions, and recto audit prints them', async () => {
    await send(team.origin, '/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'ada', password: 'a guess at her password' })
    })
    await call('ada', 'documents.list', {})
    expect((await call('root', 'documents.remove', { documentId: 2 })).status).toBe(200)
    await call('root', 'documents.retry', { documentId: 99, password: 'pdf secret' })
    const cy = { name: 'cy', role: 'reviewer', password: 'cy password 1' }
    expect((await call('root', 'accounts.add', cy)).status).toBe(200)
    expect((await call('ada', 'audit.list', {})).status).toBe(403)

    const printed = recto('audit', '--db', api.dbFile, '--json')
    expect(printed.status, printed.stderr).toBe(0)
    expect(printed.stdout).not.toMatch(/guess|pdf secret|cy password/)
    const lines = printed.stdout
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as Line)
    expect(lines.map((l) => [l.actor, l.action, l.documentId, l.detail])).toEqual([
      ['ada', 'login', null, { address: '127.0.0.1' }],
      ['root', 'login', null, { address: '127.0.0.1' }],
      ['ada', 'login failed', null, { address: '127.0.0.1' }],
      ['root', 'documents.remove', 2, { outcome: 'ok' }],
      ['root', 'documents.retry', 99, { outcome: 'not-found: document 99 does not exist' }],
      ['root', 'accounts.add', null, { name: 'cy', role: 'reviewer', outcome: 'ok' }]
    ])
    const read = JSON.parse((await call('root', 'audit.list', {})).body) as { value: Line[] }
    expect(read.value.map((l) => l.action)).toEqual(lines.map((l) => l.action).reverse())
    const text = recto('audit', '--db', api.dbFile).stdout.trim().split('\n')
    expect(text[3]).toMatch(
      /^\d{4}-\d\d-\d\dT[^\t]+\troot\tdocuments\.remove\tdocument 2\toutcome="ok"$/
    )
  })
})
