import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src-main/store/open.js'
import { addUser } from '../../../src-main/store/users.js'
import { tempDir } from '../../helpers/db.js'
import { launchBrowser } from '../browser.js'
import { screenshot, samplesProject } from '../fixtures.js'
import { serve, type Served } from '../serve.js'

const WAIT = { timeout: 15_000 }
const tmp = tempDir('recto-team-e2e-')
let served: Served
let ada: Awaited<ReturnType<typeof launchBrowser>>
let bob: Awaited<ReturnType<typeof launchBrowser>>

beforeAll(async () => {
  const dbFile = samplesProject(tmp.dir)
  const db = openDatabase(dbFile)
  addUser(db, { name: 'ada', role: 'reviewer', password: 'ada password' })
  addUser(db, { name: 'bob', role: 'reviewer', password: 'bob password' })
  db.close()
  served = await serve(dbFile)
  ada = await launchBrowser()
  bob = await launchBrowser()
})

afterAll(async () => {
  await ada?.close()
  await bob?.close()
  await served?.stop()
  tmp.remove()
})

/** The server's address without the per-run token: what a teammate is given. */
const address = () => new URL('/', served.url).href

async function logIn(browser: typeof ada, name: string, password: string): Promise<void> {
  const { page } = browser
  await page.goto(address())
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** Claims the next page as the logged-in browser does, with its own session cookie. */
function claimNext(browser: typeof ada): Promise<unknown> {
  return browser.page.evaluate(async () => {
    const response = await fetch('/claims/next', { method: 'POST' })
    return ((await response.json()) as { page: unknown }).page
  })
}

describe('a shared project in the browser', () => {
  it('asks for a login, refuses a wrong password, and opens the app to each reviewer', async () => {
    await logIn(ada, 'ada', 'not her password')
    await ada.page.getByRole('alert').waitFor(WAIT)
    expect(await ada.page.getByRole('alert').textContent()).toContain('Wrong name or password')
    await screenshot(ada.page, 'team-login')

    await logIn(ada, 'ada', 'ada password')
    await ada.page.getByRole('button', { name: 'running-headers.pdf', exact: true }).waitFor(WAIT)
    await logIn(bob, 'bob', 'bob password')
    await bob.page.getByRole('button', { name: 'running-headers.pdf', exact: true }).waitFor(WAIT)
  })

  it('gives the two reviewers different pages, and shows who holds which', async () => {
    const adas = await claimNext(ada)
    const bobs = await claimNext(bob)
    expect(adas).not.toBeNull()
    expect(bobs).not.toBeNull()
    expect(bobs).not.toEqual(adas)
    const holders = await bob.page.evaluate(async () => {
      const claims = (await (await fetch('/claims')).json()) as { holder: string }[]
      return claims.map((c) => c.holder).sort()
    })
    expect(holders).toEqual(['ada', 'bob'])
  })
})
