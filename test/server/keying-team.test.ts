import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'
import { loggedIn, send as sendTo, startTeamServer, type Reply, type TeamServer } from './http.js'

/** Double keying over HTTP: who may key, who may read a keying, who may adjudicate. */
const api = testBackend()
let team: TeamServer
let origin: URL
const cookies: Record<string, string> = {}

/** Ada's keying: a sentence no extraction of the samples contains, to look for in replies. */
const ADAS = 'Ada keyed this: quixotic zebras jump.'
const BOBS = 'Bob keyed this: quixotic zebra jumps.'

const send = (path: string, body: unknown, who: string): Promise<Reply> =>
  sendTo(origin, path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookies[who]! },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })

type PageKey = { documentId: number; pageNo: number }

async function claimNext(who: string): Promise<PageKey | null> {
  return (JSON.parse((await send('/claims/next', {}, who)).body) as { page: PageKey | null }).page
}

beforeAll(async () => {
  const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  team = await startTeamServer(api.backend.dispatch, api.dbFile)
  origin = team.origin
  for (const [name, role] of [
    ['ada', 'reviewer'],
    ['bob', 'reviewer'],
    ['root', 'admin']
  ] as const) {
    cookies[name] = (await loggedIn(team, name, role)).cookie
  }
})

afterAll(async () => {
  await team.close()
  await api.close()
})

describe('double keying in a shared project', () => {
  let page: PageKey

  it('lets only an admin require two keyings', async () => {
    page = (await claimNext('ada'))!
    const refused = await send('/rpc/keying.require', { pages: [page] }, 'ada')
    expect(refused.status).toBe(403)
    expect((await send('/rpc/keying.sample', { count: 5 }, 'ada')).status).toBe(403)
    const required = await send('/rpc/keying.require', { pages: [page] }, 'root')
    expect(JSON.parse(required.body)).toEqual({ ok: true, value: { required: 1 } })
  })

  it('takes a keying from the claim holder, never an edit of the page', async () => {
    const edit = await send(
      '/rpc/revisions.save',
      {
        ...page,
        order: [0],
        excluded: [],
        blockText: {},
        pageText: ADAS,
        status: 'corrected'
      },
      'ada'
    )
    expect(JSON.parse(edit.body)).toMatchObject({ ok: false, error: { code: 'conflict' } })
    const unclaimed = await send('/rpc/keying.submit', { ...page, text: BOBS }, 'bob')
    expect(unclaimed.status).toBe(409)
    const keyed = await send('/rpc/keying.submit', { ...page, text: ADAS }, 'ada')
    expect(JSON.parse(keyed.body)).toMatchObject({ ok: true, value: { keyings: 1, mine: ADAS } })
  })

  it('never shows the first keying to the second keyer, by any call a reviewer may make', async () => {
    // Ada's keying let her claim go, and the page is not hers to take again.
    expect(await claimNext('ada')).not.toEqual(page)
    expect(await claimNext('bob')).toEqual(page)
    const reads: [string, unknown][] = [
      ['/rpc/pages.get', page],
      ['/rpc/revisions.history', page],
      ['/rpc/keying.state', page],
      ['/rpc/pages.queue', {}],
      ['/rpc/gold.entries', {}],
      ['/claims', undefined]
    ]
    for (const [path, body] of reads) {
      const reply = await send(path, body, 'bob')
      expect(reply.status, path).toBe(200)
      expect(reply.body, path).not.toContain('quixotic')
    }
    const pair = await send('/rpc/keying.adjudication', page, 'bob')
    expect(pair.status).toBe(403)
    expect(pair.body).not.toContain('quixotic')
  })

  it('lets no reviewer adjudicate, and the admin adjudicate once both keyings are in', async () => {
    await send('/rpc/keying.submit', { ...page, text: BOBS }, 'bob')
    expect(await claimNext('bob')).not.toEqual(page)
    expect(await claimNext('ada')).not.toEqual(page)
    const byReviewer = await send('/rpc/keying.adjudicate', { ...page, text: ADAS }, 'bob')
    expect(byReviewer.status).toBe(403)
    // The page went to nobody but the admin; adjudicating needs their claim like any page write.
    expect((await send('/rpc/keying.adjudicate', { ...page, text: ADAS }, 'root')).status).toBe(409)
    expect(await claimNext('root')).toEqual(page)
    const pair = JSON.parse((await send('/rpc/keying.adjudication', page, 'root')).body) as {
      value: { keyings: { keyer: string; text: string }[]; agreementCer: number }
    }
    expect(pair.value.keyings).toMatchObject([
      { keyer: 'ada', text: ADAS },
      { keyer: 'bob', text: BOBS }
    ])
    expect(pair.value.agreementCer).toBeGreaterThan(0)
    const approved = await send('/rpc/keying.adjudicate', { ...page, text: ADAS }, 'root')
    expect(JSON.parse(approved.body)).toMatchObject({ ok: true })
    const history = JSON.parse((await send('/rpc/revisions.history', page, 'ada')).body) as {
      value: { author: string; action: string }[]
    }
    expect(history.value.map((r) => [r.author, r.action])).toEqual([['root', 'adjudicate']])
  })
})
