import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_WRITES } from '../../src-main/server/accounts.js'
import type { PageDetail } from '../../src-main/shared/contract.js'
import { claimNext, releaseClaim, type PageKey } from '../../src-main/store/claims.js'
import type { User } from '../../src-main/store/users.js'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'
import { loggedIn, postAs, startTeamServer, type Reply, type TeamServer } from './http.js'

/**
 * A page write in flight while its claim goes: the server has checked Ada's claim and handed her
 * call on, and before the backend writes, the claim is released or lapses and Bob takes the page.
 * The hook between the two runs the interleaving exactly, with no timing.
 */
const api = testBackend()
let team: TeamServer
const users: Record<string, User> = {}
const cookies: Record<string, string> = {}
/** Runs once on the next page write, after the server's claim check and before the backend. */
let beforeBackend: (() => void) | null = null
/** Runs once as the next page write's answer comes back: an OCR job it started reads on. */
let afterBackend: (() => void) | null = null

const send = (path: string, body: unknown, who: string): Promise<Reply> =>
  postAs(team.origin, cookies[who]!, path, body)

async function claimed(who: string): Promise<PageKey> {
  const reply = await send('/claims/next', {}, who)
  const { page } = JSON.parse(reply.body) as { page: PageKey | null }
  expect(page).not.toBeNull()
  return page!
}

async function pageText(page: PageKey): Promise<string> {
  const reply = await send('/rpc/pages.get', page, 'bob')
  return (JSON.parse(reply.body) as { value: PageDetail }).value.state.text
}

const ADAS = 'Ada typed this after her claim went: quixotic zebras.'

async function save(who: string, page: PageKey, text: string): Promise<Reply> {
  const reply = await send('/rpc/pages.get', page, who)
  const { autoOrder } = (JSON.parse(reply.body) as { value: PageDetail }).value
  const input = { ...page, order: autoOrder, excluded: [], blockText: {}, pageText: text }
  return send('/rpc/revisions.save', { ...input, status: 'corrected' }, who)
}

/** Ada's claim goes, and Bob claims the page she held (the worst one free). */
function bobTakesOver(page: PageKey, lapse: boolean): void {
  if (lapse) {
    // Ada's lease has run out by the time Bob asks: the page is free to take over.
    expect(claimNext(team.accountsDb, users.bob!.id, new Date(Date.now() + 60 * 60_000))).toEqual(
      page
    )
  } else {
    expect(releaseClaim(team.accountsDb, users.ada!.id, page)).toBe(true)
    expect(claimNext(team.accountsDb, users.bob!.id)).toEqual(page)
  }
}

beforeAll(async () => {
  const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  team = await startTeamServer(async (method, input, author, claimant) => {
    if (!PAGE_WRITES.has(method)) return api.backend.dispatch(method, input, author, claimant)
    const [before, after] = [beforeBackend, afterBackend]
    beforeBackend = afterBackend = null
    before?.()
    const result = await api.backend.dispatch(method, input, author, claimant)
    // In the same turn of the event loop as the answer: the OCR thread has not answered yet.
    after?.()
    return result
  }, api.dbFile)
  for (const name of ['ada', 'bob']) {
    const member = await loggedIn(team, name, 'reviewer')
    users[name] = member.user
    cookies[name] = member.cookie
  }
})

afterAll(async () => {
  await team.close()
  await api.close()
})

describe('a page write whose claim goes while it is in flight', () => {
  for (const lapse of [false, true]) {
    it(`is refused after Ada's claim ${lapse ? 'lapses' : 'is released'} and Bob takes the page`, async () => {
      const page = await claimed('ada')
      const before = await pageText(page)
      beforeBackend = () => bobTakesOver(page, lapse)
      const refused = await save('ada', page, ADAS)
      expect(beforeBackend).toBeNull()
      expect(refused.status).toBe(409)
      expect(JSON.parse(refused.body)).toEqual({
        ok: false,
        error: { code: 'conflict', message: 'page held by bob' }
      })
      expect(await pageText(page)).toBe(before)
      const history = await send('/rpc/revisions.history', page, 'bob')
      expect(JSON.parse(history.body)).toEqual({ ok: true, value: [] })
      // Bob, who holds it now, writes as ever.
      expect((await save('bob', page, `Bob's text ${lapse}`)).status).toBe(200)
      expect(await pageText(page)).toBe(`Bob's text ${lapse}`)
    })
  }

  it('keeps the page as it was when its OCR is read after the claim went to Bob', async () => {
    const page = await claimed('ada')
    const before = await pageText(page)
    afterBackend = () => bobTakesOver(page, false)
    const started = await send('/rpc/pages.ocr', { ...page, turn: 0 }, 'ada')
    expect(afterBackend).toBeNull()
    const { jobId } = (JSON.parse(started.body) as { value: { jobId: string } }).value
    const finished = await api.waitFor('job.finished', (job) => job.id === jobId)
    expect(finished.errors).toEqual([
      { file: `document ${page.documentId} page ${page.pageNo}`, reason: 'page held by bob' }
    ])
    expect(await pageText(page)).toBe(before)
    expect(releaseClaim(team.accountsDb, users.bob!.id, page)).toBe(true)
  })

  it('refuses a keying whose claim was released on the way, and stores none of it', async () => {
    const page = await claimed('ada')
    await api.call('keying.require', { pages: [page] })
    beforeBackend = () => {
      expect(releaseClaim(team.accountsDb, users.ada!.id, page)).toBe(true)
    }
    const submit = await send('/rpc/keying.submit', { ...page, text: ADAS }, 'ada')
    expect(submit.status).toBe(409)
    expect(JSON.parse(submit.body)).toMatchObject({
      error: { code: 'conflict', message: 'claim the page first' }
    })
    const state = await send('/rpc/keying.state', page, 'ada')
    expect(JSON.parse(state.body)).toMatchObject({ value: { keyings: 0, mine: null } })
  })
})
