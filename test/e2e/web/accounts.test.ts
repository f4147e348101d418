import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src-main/store/open.js'
import { addUser } from '../../../src-main/store/users.js'
import { tempDir } from '../../helpers/db.js'
import { expectAccessible } from '../axe.js'
import { openBrowser } from '../browser.js'
import { samplesProject, screenshot } from '../fixtures.js'
import { serve, type Served } from '../serve.js'

/** The Accounts screen: an admin sees the team's accounts and the audit log, and changes both. */
const WAIT = { timeout: 15_000 }
const tmp = tempDir('recto-accounts-e2e-')
let served: Served
let browser: Awaited<ReturnType<typeof openBrowser>>

beforeAll(async () => {
  const dbFile = samplesProject(tmp.dir)
  const db = openDatabase(dbFile)
  addUser(db, { name: 'root', role: 'admin', password: 'root password' })
  addUser(db, { name: 'ada', role: 'reviewer', password: 'ada password' })
  db.close()
  served = await serve(dbFile)
  browser = await openBrowser()
})

afterAll(async () => {
  await browser?.close()
  await served?.stop()
  tmp.remove()
})

describe('the Accounts screen', () => {
  it('lists the accounts, disables one and adds another, and shows the log of it', async () => {
    const { page } = browser
    await page.goto(new URL('/', served.url).href)
    await page.getByLabel('Name').fill('root')
    await page.getByLabel('Password').fill('root password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('link', { name: 'Accounts' }).click()

    const table = page.getByRole('table', { name: 'Accounts' })
    const ada = table.getByRole('row').filter({ hasText: 'ada' })
    await ada.filter({ hasText: 'active' }).waitFor(WAIT)
    await ada.getByRole('button', { name: 'Disable' }).click()
    await ada.filter({ hasText: 'disabled' }).waitFor(WAIT)
    // An admin's own row offers nothing to change: that is recto users' part.
    const own = table.getByRole('row').filter({ hasText: 'root' })
    await own.filter({ hasText: 'you' }).waitFor(WAIT)
    expect(await own.getByRole('button').count()).toBe(0)

    const form = page.getByRole('form', { name: 'Add an account' })
    await form.getByLabel('Name').fill('cy')
    await form.getByLabel('Password').fill('cy password 1')
    await form.getByRole('button', { name: 'Add account' }).click()
    await table.getByRole('row').filter({ hasText: 'cy' }).waitFor(WAIT)

    const log = page.getByRole('table', { name: 'Audit log' })
    await log.getByRole('row').filter({ hasText: 'accounts.add' }).waitFor(WAIT)
    const actions = await log.locator('tbody tr td:nth-child(3)').allTextContents()
    expect(actions).toEqual(['accounts.add', 'accounts.change', 'login'])
    await expectAccessible(page, 'the Accounts screen')
    expect(await log.textContent()).not.toContain('cy password')
    await page.getByText('No double-keyed page has both its keyings yet.').waitFor(WAIT)
    expect(await page.getByRole('table', { name: 'Reviewers' }).getByRole('row').count()).toBe(1)
    await screenshot(page, 'accounts')
  })
})
