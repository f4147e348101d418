import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src-main/store/open.js'
import { addUser } from '../../../src-main/store/users.js'
import { tempDir } from '../../helpers/db.js'
import { openBrowser } from '../browser.js'
import { screenshot, samplesProject } from '../fixtures.js'
import { serve, type Served } from '../serve.js'
import { claimFromQueue as claimNextPage, logIn as logInAs } from '../page-models/team.js'
import { rowName } from '../page-models/queue-page.js'

const WAIT = { timeout: 15_000 }
const tmp = tempDir('recto-team-e2e-')
let served: Served
let dbFile: string
let ada: Awaited<ReturnType<typeof openBrowser>>
let bob: Awaited<ReturnType<typeof openBrowser>>

beforeAll(async () => {
  dbFile = samplesProject(tmp.dir)
  const db = openDatabase(dbFile)
  addUser(db, { name: 'ada', role: 'reviewer', password: 'ada password' })
  addUser(db, { name: 'bob', role: 'reviewer', password: 'bob password' })
  db.close()
  served = await serve(dbFile)
  ada = await openBrowser()
  bob = await openBrowser()
})

afterAll(async () => {
  await ada?.close()
  await bob?.close()
  await served?.stop()
  tmp.remove()
})

/** The server's address without the per-run token: what a teammate is given. */
const address = () => new URL('/', served.url).href

const logIn = (browser: typeof ada, name: string, password: string) =>
  logInAs(browser.page, address(), name, password)

const claimFromQueue = (browser: typeof ada) => claimNextPage(browser.page, WAIT)

/** 'running-headers.pdf, page 2 of 3' → the queue row's name, 'running-headers.pdf page 2 …'. */
function rowLabel(title: string): RegExp {
  const [, name, pageNo] = /^(.*), page (\d+) of \d+$/.exec(title)!
  return rowName(name!, Number(pageNo))
}

let adasPage = ''

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
    adasPage = await claimFromQueue(ada)
    const bobsPage = await claimFromQueue(bob)
    expect(bobsPage).not.toBe(adasPage)
    const holders = await bob.page.evaluate(async () => {
      const claims = (await (await fetch('/claims')).json()) as { holder: string }[]
      return claims.map((c) => c.holder).sort()
    })
    expect(holders).toEqual(['ada', 'bob'])
  })

  it("shows a reviewer's claim in the other's queue, read-only, until it is released", async () => {
    const { page } = bob
    await page.getByRole('link', { name: 'Queue', exact: true }).click()
    const row = page.getByRole('option', { name: rowLabel(adasPage) })
    await row.filter({ hasText: 'held by ada' }).waitFor(WAIT)
    await page.getByRole('option').filter({ hasText: 'claimed by you' }).waitFor(WAIT)
    await screenshot(page, 'team-queue-holders')

    await row.click()
    const claim = page.getByRole('status', { name: 'Claim' })
    await claim.filter({ hasText: 'held by ada' }).waitFor(WAIT)
    expect(await page.locator('.page-review h1').getAttribute('title')).toBe(adasPage)
    for (const action of ['Approve', 'Reject', 'Undo', 'Mark for OCR', 'Exclude', 'Reset order']) {
      expect(await page.getByRole('button', { name: action, exact: true }).count()).toBe(0)
    }
    await screenshot(page, 'team-held-by-other')

    await ada.page.getByRole('button', { name: 'Release' }).click()
    await claim.filter({ hasText: 'Not claimed' }).waitFor(WAIT)
    // The released page is the worst one nobody holds: Next claims it for bob.
    await page.getByRole('button', { name: 'Next', exact: true }).click()
    await claim.filter({ hasText: 'You hold this page' }).waitFor(WAIT)
    expect(await page.locator('.page-review h1').getAttribute('title')).toBe(adasPage)
    await page.getByRole('button', { name: 'Reject', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor(WAIT)
    await page.getByLabel('Page status').filter({ hasText: 'Rejected' }).waitFor(WAIT)
    expect(await page.locator('.page-review .error[role="alert"]').count()).toBe(0)
  })

  it('shows a page whose holder went idle as free, as the server says once the lease lapsed', async () => {
    const held = await claimFromQueue(ada)
    const { page } = bob
    await page.getByRole('link', { name: 'Queue', exact: true }).click()
    const row = page.getByRole('option', { name: rowLabel(held) })
    await row.filter({ hasText: 'held by ada' }).waitFor(WAIT)

    // Ada's lease runs out: the server's clock, not the browser's, says when.
    const db = openDatabase(dbFile)
    db.prepare(`UPDATE claims SET expires_at = '2000-01-01T00:00:00.000Z'`).run()
    db.close()
    await row.click()
    await page
      .getByRole('status', { name: 'Claim' })
      .filter({ hasText: 'Not claimed' })
      .waitFor(WAIT)
    await page.getByRole('link', { name: 'Queue', exact: true }).click()
    await row.filter({ hasNotText: 'held by' }).waitFor(WAIT)
  })
})
