import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testBackend } from '../helpers/backend.js'
import { loggedIn, rpc, startTeamServer, type Reply, type TeamServer } from './http.js'

/** What in a shared project only an admin may ask of the server. */
const api = testBackend()
let team: TeamServer
const cookies: Record<string, string> = {}

const call = (who: string, method: string, input: unknown): Promise<Reply> =>
  rpc(team.origin, cookies[who]!, method, input)

beforeAll(async () => {
  team = await startTeamServer(api.backend.dispatch, api.dbFile)
  cookies.ada = (await loggedIn(team, 'ada', 'reviewer')).cookie
  cookies.root = (await loggedIn(team, 'root', 'admin')).cookie
})

afterAll(async () => {
  await team.close()
  await api.close()
})

describe('an admin method of a shared project', () => {
  it("refuses a reviewer gold.score, which reads any folder of the server's", async () => {
    const folder = join(api.dir, 'private')
    mkdirSync(folder)
    writeFileSync(join(folder, 'salaries.txt'), 'not for reviewers')
    const refused = await call('ada', 'gold.score', { dir: folder })
    expect(refused.status).toBe(403)
    expect(JSON.parse(refused.body)).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'gold.score is for an admin' }
    })
    const scored = await call('root', 'gold.score', { dir: folder })
    expect(JSON.parse(scored.body)).toMatchObject({ ok: true, value: { entries: [] } })
  })
})
