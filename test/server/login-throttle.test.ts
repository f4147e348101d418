import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LoginThrottle } from '../../src-main/server/login-throttle.js'
import { addUser } from '../../src-main/store/users.js'
import { testBackend } from '../helpers/backend.js'
import { send, startTeamServer, type Reply, type TeamServer } from './http.js'

describe('the login throttle', () => {
  it('lets four failures by, then doubles the wait with each, up to 15 minutes', () => {
    let now = 0
    const throttle = new LoginThrottle(() => now)
    const waits: number[] = []
    for (let i = 0; i < 16; i++) {
      throttle.failed('ada', '10.0.0.1')
      waits.push(throttle.wait('ada', '10.0.0.1'))
    }
    expect(waits.slice(0, 3)).toEqual([0, 0, 0])
    expect(waits.slice(3, 8)).toEqual([1000, 2000, 4000, 8000, 16000])
    expect(waits.at(-1)).toBe(15 * 60 * 1000)
    now += 15 * 60 * 1000
    expect(throttle.wait('ada', '10.0.0.1')).toBe(0)
  })

  it('holds back an account from every address, and an address for every account', () => {
    const throttle = new LoginThrottle(() => 0)
    for (let i = 0; i < 4; i++) throttle.failed('ada', `10.0.0.${i}`)
    expect(throttle.wait('ada', '10.0.0.99')).toBe(1000)
    expect(throttle.wait('bob', '10.0.0.1')).toBe(0)
    for (const name of ['bob', 'cy', 'dee', 'eve']) throttle.failed(name, '10.0.0.7')
    expect(throttle.wait('fay', '10.0.0.7')).toBe(1000)
    throttle.succeeded('ada', '10.0.0.7')
    expect(throttle.wait('ada', '10.0.0.1')).toBe(0)
    expect(throttle.wait('fay', '10.0.0.7')).toBe(0)
  })
})

const api = testBackend()
let team: TeamServer
const lines: string[] = []

beforeAll(async () => {
  team = await startTeamServer(api.backend.dispatch, api.dbFile, (line) => lines.push(line))
  addUser(team.accountsDb, { name: 'ada', role: 'reviewer', password: 'correct horse battery' })
})

afterAll(async () => {
  await team.close()
  await api.close()
})

const logIn = (password: string): Promise<Reply> =>
  send(team.origin, '/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'ada', password })
  })

describe('logins to `recto serve`', () => {
  it('refuses even the right password for a while after repeated wrong ones, and logs each', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await logIn(`guess number ${i}`)).status)
    expect(statuses).toEqual([401, 401, 401, 401])
    const held = await logIn('correct horse battery')
    expect(held.status).toBe(429)
    expect(held.headers['retry-after']).toBe('1')
    expect(JSON.parse(held.body)).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'too many failed logins: try again in 1 s' }
    })
    expect(lines).toEqual([
      ...[0, 1, 2, 3].map(() => 'failed login for "ada" from 127.0.0.1'),
      'login refused for "ada" from 127.0.0.1: too many failed logins, 1 s to wait'
    ])
    expect(lines.join('\n')).not.toMatch(/guess|horse/)
  })
})
