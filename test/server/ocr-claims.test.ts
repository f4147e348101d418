import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageDetail } from '../../src-main/shared/contract.js'
import type { PageKey } from '../../src-main/store/claims.js'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'
import { loggedIn, postAs, startTeamServer, type Reply, type TeamServer } from './http.js'

/**
 * OCR in a team: a reviewer OCRs only a page they hold; a document's or the whole project's OCR
 * is an admin's, leaves the pages others hold to them and signs what it changes.
 */
const api = testBackend()
let team: TeamServer
const cookies: Record<string, string> = {}

const send = (path: string, body: unknown, who: string): Promise<Reply> =>
  postAs(team.origin, cookies[who]!, path, body)

/** Claims the next page, types a line in it and marks it for OCR: a page with a history. */
async function markedForOcr(who: string): Promise<PageKey> {
  const { page } = JSON.parse((await send('/claims/next', {}, who)).body) as { page: PageKey }
  const detail = JSON.parse((await send('/rpc/pages.get', page, who)).body) as {
    value: PageDetail
  }
  const { autoOrder, state } = detail.value
  const input = { ...page, order: autoOrder, excluded: state.excluded, blockText: {} }
  const pageText = `${who} could not read this page`
  const saved = await send('/rpc/revisions.save', { ...input, pageText, status: 'ocr' }, who)
  expect(saved.status, saved.body).toBe(200)
  return page
}

async function history(page: PageKey): Promise<string[]> {
  const reply = await send('/rpc/revisions.history', page, 'root')
  const { value } = JSON.parse(reply.body) as { value: { author: string; action: string }[] }
  return value.map((r) => `${r.action} by ${r.author}`)
}

beforeAll(async () => {
  const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  team = await startTeamServer(api.backend.dispatch, api.dbFile)
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

describe('OCR in a shared project', () => {
  it("refuses a reviewer a document's or the project's OCR", async () => {
    for (const input of [{ documentId: 1 }, {}]) {
      const reply = await send('/rpc/pages.ocr', input, 'bob')
      expect(reply.status).toBe(403)
      expect(JSON.parse(reply.body)).toEqual({
        ok: false,
        error: {
          code: 'forbidden',
          message:
            'OCR of a document or of the whole project is for an admin; claim a page to OCR it'
        }
      })
    }
    expect(api.events.some((e) => e.name === 'job.progress' && isOcr(e.payload))).toBe(false)
  })

  it("leaves a page Ada holds to her in an admin's OCR of a document, and signs the rest", async () => {
    const held = await markedForOcr('ada')
    const free = await markedForOcr('bob')
    await send('/claims/release', free, 'bob')
    const runs = []
    for (const page of [held, free]) {
      const started = await send('/rpc/pages.ocr', { documentId: page.documentId }, 'root')
      expect(started.status, started.body).toBe(200)
      const { jobId } = (JSON.parse(started.body) as { value: { jobId: string } }).value
      runs.push(await api.waitFor('job.finished', (job) => job.id === jobId))
    }
    expect(runs.map((run) => run.errors)).toEqual([
      [{ file: `document ${held.documentId} page ${held.pageNo}`, reason: 'page held by ada' }],
      []
    ])
    expect(await history(held)).toEqual(['ocr by ada'])
    expect(await history(free)).toEqual(['ocr by bob', 'ocr by root'])
  }, 180_000)
})

function isOcr(payload: unknown): boolean {
  return (payload as { kind?: string }).kind === 'ocr'
}
