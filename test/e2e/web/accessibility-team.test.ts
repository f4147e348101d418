import { describe, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openDatabase } from '../../../src-main/store/open.js'
import { addUser } from '../../../src-main/store/users.js'
import { expectAccessible } from '../axe.js'
import { samplesProject, servedApp } from '../fixtures.js'

const WAIT = { timeout: 30_000 }

/** The samples shared by a team: two reviewers who key and an admin who adjudicates. */
const app = servedApp('recto-a11y-team-', (dir) => {
  const dbFile = samplesProject(dir)
  const db = openDatabase(dbFile)
  for (const name of ['ada', 'bob']) {
    addUser(db, { name, role: 'reviewer', password: `${name} password` })
  }
  addUser(db, { name: 'root', role: 'admin', password: 'root password' })
  db.close()
  return dbFile
})

type PageKey = { documentId: number; pageNo: number }

/** The same browser becomes another member of the team (a new session), and shows the app. */
async function become(page: Page, name: string): Promise<void> {
  await page.evaluate(async (user) => {
    const response = await fetch('/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: user, password: `${user} password` })
    })
    if (!response.ok) throw new Error(`${user} could not log in: ${response.status}`)
  }, name)
}

/** Claims the next page as the queue's Next does, and opens it. */
async function claimAndOpen(page: Page, expected?: PageKey): Promise<PageKey> {
  const claimed = await page.evaluate(async () => {
    const response = await fetch('/claims/next', { method: 'POST' })
    return ((await response.json()) as { page: PageKey | null }).page
  })
  if (!claimed) throw new Error('no page left to claim')
  if (
    expected &&
    (claimed.documentId !== expected.documentId || claimed.pageNo !== expected.pageNo)
  ) {
    throw new Error(`claimed ${JSON.stringify(claimed)}, not ${JSON.stringify(expected)}`)
  }
  await page.goto(new URL(`/#/page/${claimed.documentId}/${claimed.pageNo}`, app.served.url).href)
  await page.reload()
  return claimed
}

function release(page: Page, at: PageKey): Promise<unknown> {
  return page.evaluate(
    (key) => fetch('/claims/release', { method: 'POST', body: JSON.stringify(key) }),
    at
  )
}

/** Keys the page as the member this browser now is. */
async function key(page: Page, text: string): Promise<void> {
  await page.getByLabel('Your keying').fill(text)
  await page.getByRole('button', { name: 'Submit keying' }).click()
  await page.getByText(/^(Your keying is in|Both keyings are in)/).waitFor(WAIT)
}

describe('axe-core finds nothing serious or critical in a shared project', () => {
  let keyed: PageKey

  it('on the login screen, and with its refusal', async () => {
    const { page } = app
    await page.goto(new URL('/', app.served.url).href)
    await page.getByRole('button', { name: 'Log in' }).waitFor(WAIT)
    await expectAccessible(page, 'the login screen')
    await page.getByLabel('Name').fill('root')
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('alert').waitFor(WAIT)
    await expectAccessible(page, 'the login screen refusing a password')
    await page.getByLabel('Password').fill('root password')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('button', { name: 'running-headers.pdf', exact: true }).waitFor(WAIT)
  })

  it("on a team's queue, a claimed page and the keying form", async () => {
    const { page } = app
    await page.getByRole('link', { name: 'Queue', exact: true }).click()
    await page.getByRole('button', { name: 'Next page' }).waitFor(WAIT)
    await expectAccessible(page, "a team's queue")
    await page.getByRole('button', { name: 'Next page' }).click()
    const claim = page.getByRole('status', { name: 'Claim' })
    await claim.filter({ hasText: 'You hold this page' }).waitFor(WAIT)
    await expectAccessible(page, 'a claimed page')
    await page.getByRole('button', { name: 'Require two keyings' }).click()
    await page.getByRole('form', { name: 'Key this page' }).waitFor(WAIT)
    await expectAccessible(page, 'the keying form')
    keyed = await page.evaluate(() => {
      const [, documentId, pageNo] = /^#\/page\/(\d+)\/(\d+)$/.exec(location.hash) ?? []
      return { documentId: Number(documentId), pageNo: Number(pageNo) }
    })
    await release(page, keyed)
  })

  it('on the adjudication of two keyings, and the Gold screen of an admin', async () => {
    const { page } = app
    for (const [name, text] of [
      ['ada', 'The quick brown fox jumps over the lazy dog.'],
      ['bob', 'The quick brown fax jumps over the lazy dog!']
    ] as const) {
      await become(page, name)
      await claimAndOpen(page, keyed)
      await key(page, text)
      await release(page, keyed)
    }
    await become(page, 'root')
    await claimAndOpen(page, keyed)
    await page.getByRole('status', { name: 'Agreement' }).waitFor(WAIT)
    await expectAccessible(page, 'the adjudication')
    await page.getByRole('link', { name: 'Gold', exact: true }).click()
    await page.getByRole('status', { name: 'Double keying progress' }).waitFor(WAIT)
    await expectAccessible(page, "an admin's Gold screen")
  })
})
