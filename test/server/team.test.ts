import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src-main/server/server.js'
import type { PageDetail } from '../../src-main/shared/contract.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { addUser, disableUser } from '../../src-main/store/users.js'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'
import { send as sendTo, startTeamServer, type Reply, type TeamServer } from './http.js'

/** `recto serve` for a team: accounts, sessions, roles and who signs each revision. */
const api = testBackend()
let team: TeamServer
let accountsDb: WritableDB
let server: RunningServer
let origin: URL
let page: PageDetail

const PASSWORDS = {
  ada: 'correct horse battery',
  bob: 'tr0ub4dor&3-long',
  root: 'admin password 1'
}

const send = (path: string, body?: unknown, cookie?: string): Promise<Reply> =>
  sendTo(origin, path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })

/** Logs in and returns the session cookie as a browser would send it back. */
async function logIn(name: keyof typeof PASSWORDS, password = PASSWORDS[name]): Promise<string> {
  const reply = await send('/login', { name, password })
  expect(reply.status, reply.body).toBe(200)
  const set = String(reply.headers['set-cookie'])
  expect(set).toMatch(/; HttpOnly; SameSite=Strict$/)
  return set.split(';')[0]!
}

type PageKey = { documentId: number; pageNo: number }

async function claimNext(cookie: string): Promise<PageKey> {
  const reply = await send('/claims/next', {}, cookie)
  expect(reply.status, reply.body).toBe(200)
  const { page: claimed } = JSON.parse(reply.body) as { page: PageKey | null }
  expect(claimed).not.toBeNull()
  return claimed!
}

async function save(cookie: string, at: PageKey, status: 'corrected' | 'approved') {
  const detail = JSON.parse((await send('/rpc/pages.get', at, cookie)).body) as {
    value: PageDetail
  }
  return send(
    '/rpc/revisions.save',
    {
      ...at,
      order: detail.value.autoOrder,
      excluded: detail.value.state.excluded,
      blockText: {},
      pageText: `${status} text`,
      status
    },
    cookie
  )
}

async function history(cookie: string, at: PageKey): Promise<string[]> {
  const reply = await send('/rpc/revisions.history', at, cookie)
  const { value } = JSON.parse(reply.body) as { value: { author: string; createdAt: string }[] }
  for (const r of value) expect(Date.parse(r.createdAt)).not.toBeNaN()
  return value.map((r) => r.author)
}

beforeAll(async () => {
  const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  const [first] = await api.call('documents.list', {})
  page = await api.call('pages.get', { documentId: first!.id, pageNo: 1 })
  team = await startTeamServer(api.backend.dispatch, api.dbFile)
  server = team.server
  origin = team.origin
  accountsDb = team.accountsDb
})

afterAll(async () => {
  await team.close()
  await api.close()
})

describe('recto serve for a team', () => {
  it('stays single-user, on the token, until the project has an account', async () => {
    expect(await send('/session')).toMatchObject({
      status: 200,
      body: '{"team":false,"user":null}'
    })
    const withToken = await sendTo(origin, '/rpc/documents.list', {
      method: 'POST',
      headers: { 'X-Recto-Token': server.token },
      body: '{}'
    })
    expect(withToken.status).toBe(200)
    addUser(accountsDb, { name: 'ada', role: 'reviewer', password: PASSWORDS.ada })
    addUser(accountsDb, { name: 'bob', role: 'reviewer', password: PASSWORDS.bob })
    addUser(accountsDb, { name: 'root', role: 'admin', password: PASSWORDS.root })
    const tokenOnly = await sendTo(origin, '/rpc/documents.list', {
      method: 'POST',
      headers: { 'X-Recto-Token': server.token },
      body: '{}'
    })
    expect(tokenOnly.status).toBe(401)
  })

  it('refuses a wrong password, an unknown name and a forged session', async () => {
    expect((await send('/login', { name: 'ada', password: PASSWORDS.bob })).status).toBe(401)
    expect((await send('/login', { name: 'nobody', password: PASSWORDS.ada })).status).toBe(401)
    const forged = `recto-${origin.port}-session=${'x'.repeat(43)}`
    expect((await send('/rpc/documents.list', {}, forged)).status).toBe(401)
    expect((await send('/rpc/documents.list', {})).status).toBe(401)
  })

  it('gives two reviewers different pages and signs each revision with its reviewer', async () => {
    const ada = await logIn('ada')
    const bob = await logIn('bob')
    expect(JSON.parse((await send('/session', undefined, ada)).body)).toEqual({
      team: true,
      user: { name: 'ada', role: 'reviewer' }
    })
    const adaPage = await claimNext(ada)
    const bobPage = await claimNext(bob)
    expect(bobPage).not.toEqual(adaPage)
    const claims = JSON.parse((await send('/claims', undefined, bob)).body) as {
      holder: string
    }[]
    expect(claims.map((c) => c.holder).sort()).toEqual(['ada', 'bob'])

    expect((await save(ada, adaPage, 'corrected')).status).toBe(200)
    expect((await save(bob, bobPage, 'approved')).status).toBe(200)
    // Bob may not act on Ada's page, nor pass himself off as her.
    const onHers = await save(bob, adaPage, 'approved')
    expect(onHers.status).toBe(409)
    expect(JSON.parse(onHers.body)).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: 'page held by ada' }
    })
    const impersonating = await send('/rpc/revisions.undo', { ...bobPage, author: 'ada' }, bob)
    expect(JSON.parse(impersonating.body)).toMatchObject({ error: { code: 'invalid-input' } })
    expect(await history(ada, adaPage)).toEqual(['ada'])
    expect(await history(ada, bobPage)).toEqual(['bob'])

    // Released, Ada's page is nobody's: approving it now needs a claim first.
    expect(JSON.parse((await send('/claims/release', adaPage, ada)).body)).toEqual({
      released: true
    })
    const unclaimed = await save(ada, adaPage, 'approved')
    expect(unclaimed.status).toBe(409)
    expect(JSON.parse(unclaimed.body)).toMatchObject({
      error: { code: 'conflict', message: 'claim the page first' }
    })
  })

  it('keeps the admin actions for an admin', async () => {
    const ada = await logIn('ada')
    const refused = await send('/rpc/documents.remove', { documentId: page.documentId }, ada)
    expect(refused.status).toBe(403)
    expect(JSON.parse(refused.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    const root = await logIn('root')
    const allowed = await send('/rpc/jobs.list', {}, root)
    expect(allowed.status).toBe(200)
  })

  it("ends a disabled account's sessions at once and refuses its logins", async () => {
    const bob = await logIn('bob')
    expect((await send('/rpc/documents.list', {}, bob)).status).toBe(200)
    disableUser(accountsDb, 'bob')
    expect((await send('/rpc/documents.list', {}, bob)).status).toBe(401)
    expect((await send('/events', undefined, bob)).status).toBe(401)
    expect((await send('/login', { name: 'bob', password: PASSWORDS.bob })).status).toBe(401)
  })

  it("closes a disabled account's open event stream before the next event, and frees its pages", async () => {
    addUser(accountsDb, { name: 'cy', role: 'reviewer', password: 'cy password 123' })
    const login = await send('/login', { name: 'cy', password: 'cy password 123' })
    const cy = String(login.headers['set-cookie']).split(';')[0]!
    let heard = ''
    const stream = await new Promise<{ status: number; ended: Promise<void> }>(
      (resolve, reject) => {
        const req = request(
          { host: origin.hostname, port: origin.port, path: '/events', headers: { Cookie: cy } },
          (res) => {
            res.setEncoding('utf8').on('data', (chunk: string) => (heard += chunk))
            const ended = new Promise<void>((done) => res.on('end', done))
            resolve({ status: res.statusCode ?? 0, ended })
          }
        )
        req.on('error', reject)
        req.end()
      }
    )
    expect(stream.status).toBe(200)
    const held = await claimNext(cy)
    await expect.poll(() => heard).toContain('claims.changed')
    heard = ''
    disableUser(accountsDb, 'cy')
    // Root's claim is an event every open stream would hear; Cy's ends before it, unheard.
    const root = await logIn('root')
    expect(await claimNext(root)).toEqual(held)
    await stream.ended
    expect(heard).toBe('')
    const claims = JSON.parse((await send('/claims', undefined, root)).body) as { holder: string }[]
    expect(claims.map((claim) => claim.holder)).not.toContain('cy')
  })

  it('never stores a password or a session token in clear', async () => {
    const ada = await logIn('ada')
    const token = ada.split('=')[1]!
    accountsDb.pragma('wal_checkpoint(TRUNCATE)')
    const file = readFileSync(api.dbFile).toString('latin1')
    for (const password of Object.values(PASSWORDS)) expect(file).not.toContain(password)
    expect(file).not.toContain(token)
    expect(file).toContain('scrypt$')
  })
})
