import { afterAll, describe, expect, it } from 'vitest'
import { testBackend } from '../helpers/backend.js'

/** The Accounts screen's calls: an admin's view and changes of the team's accounts. */
const api = testBackend()
afterAll(() => api.close())

describe('accounts through the API', () => {
  it('adds, lists, changes and removes accounts, never the caller’s own', async () => {
    await api.call('accounts.add', { name: 'tester', role: 'admin', password: 'admin password' })
    const ada = await api.call('accounts.add', {
      name: 'ada',
      role: 'reviewer',
      password: 'ada password'
    })
    expect(ada).toMatchObject({ name: 'ada', role: 'reviewer', disabledAt: null })
    const disabled = await api.call('accounts.change', { name: 'ada', change: 'disable' })
    expect(disabled.find((a) => a.name === 'ada')?.disabledAt).not.toBeNull()
    await api.call('accounts.change', { name: 'ada', change: 'enable' })
    const promoted = await api.call('accounts.change', { name: 'ada', change: 'admin' })
    expect(promoted.map((a) => [a.name, a.role, a.disabledAt])).toEqual([
      ['ada', 'admin', null],
      ['tester', 'admin', null]
    ])
    // The backend's author is the caller: an admin never locks themselves out from the screen.
    const own = await api.backend.dispatch('accounts.change', { name: 'tester', change: 'remove' })
    expect(own).toEqual({
      ok: false,
      error: { code: 'invalid-input', message: 'your own account is changed from the command line' }
    })
    await api.call('accounts.change', { name: 'ada', change: 'remove' })
    expect((await api.call('accounts.list', {})).map((a) => a.name)).toEqual(['tester'])
    expect(await api.call('reports.team', {})).toEqual({
      reviewers: [],
      agreement: { pairs: [], overall: null }
    })
    const again = await api.backend.dispatch('accounts.change', { name: 'ada', change: 'enable' })
    expect(again).toEqual({
      ok: false,
      error: { code: 'invalid-input', message: 'no account named ada' }
    })
  })
})
