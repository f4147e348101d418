import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, openDatabaseReadOnly } from '../../../src-main/store/open.js'
import { currentState } from '../../../src-main/store/revisions.js'
import { addUser } from '../../../src-main/store/users.js'
import { tempDir } from '../../helpers/db.js'
import { openBrowser } from '../browser.js'
import { samplesProject, screenshot } from '../fixtures.js'
import { claimFromQueue, logIn } from '../page-models/team.js'
import { serve, type Served } from '../serve.js'

const WAIT = { timeout: 15_000 }
const tmp = tempDir('recto-claim-lapse-')
let served: Served
let dbFile: string
let ada: Awaited<ReturnType<typeof openBrowser>>
let held: { documentId: number; pageNo: number }

beforeAll(async () => {
  dbFile = samplesProject(tmp.dir)
  const db = openDatabase(dbFile)
  addUser(db, { name: 'ada', role: 'reviewer', password: 'ada password' })
  db.close()
  served = await serve(dbFile)
  ada = await openBrowser()
})

afterAll(async () => {
  await ada?.close()
  await served?.stop()
  tmp.remove()
})

/** Sets when ada's claim ends, as the server's clock would have it. */
function claimEndsAt(when: Date): void {
  const db = openDatabase(dbFile)
  db.prepare('UPDATE claims SET expires_at = ?').run(when.toISOString())
  db.close()
}

function claimExpiry(): number {
  const db = openDatabaseReadOnly(dbFile)
  try {
    const at = db.prepare('SELECT expires_at FROM claims').pluck().get() as string
    return Date.parse(at)
  } finally {
    db.close()
  }
}

function storedText(): string | undefined {
  const db = openDatabaseReadOnly(dbFile)
  try {
    return currentState(db, held.documentId, held.pageNo)?.state.text
  } finally {
    db.close()
  }
}

const pageText = () => ada.page.getByRole('textbox', { name: 'Page text', exact: true })
const claim = () => ada.page.getByRole('status', { name: 'Claim' })

async function typeAtEnd(words: string): Promise<void> {
  await pageText().click()
  await ada.page.keyboard.press('Control+End')
  await ada.page.keyboard.type(words)
}

describe('a claim on a shared project, while the reviewer works', () => {
  it('is renewed while the page is open, and shows the time left when renewing fails', async () => {
    const { page } = ada
    await logIn(page, new URL('/', served.url).href, 'ada', 'ada password')
    await page.getByRole('link', { name: 'Queue', exact: true }).waitFor(WAIT)
    // The page renews its claim as it opens. On a busy machine that renewal could land after the
    // claim is shortened below and give it ten minutes again, so it is waited for first, and no
    // later renewal reaches the server.
    const opened = page.waitForResponse((r) => r.url().endsWith('/claims/renew'), WAIT)
    await claimFromQueue(page, WAIT)
    await opened
    const [, documentId, pageNo] = /#\/page\/(\d+)\/(\d+)$/.exec(page.url())!
    held = { documentId: Number(documentId), pageNo: Number(pageNo) }

    // Under three minutes left, and the server out of reach for the renewal. The screen shows
    // "2 min" for 50 s from here, then "1 min" for 60 s: room for a reload on a busy machine.
    await page.route('**/claims/renew', (route) => route.abort())
    claimEndsAt(new Date(Date.now() + 170_000))
    await page.reload()
    await claim()
      .filter({ hasText: /You hold this page · [12] min left/ })
      .waitFor({ timeout: 100_000 })
    await page.getByText('the claim cannot be renewed: the server cannot be reached').waitFor(WAIT)
    await screenshot(page, 'claim-time-left')

    await page.unroute('**/claims/renew')
    await expect.poll(claimExpiry, WAIT).toBeGreaterThan(Date.now() + 9 * 60_000)
    await claim()
      .filter({ hasNotText: 'left' })
      .filter({ hasText: 'You hold this page' })
      .waitFor(WAIT)
  }, 240_000)

  it('keeps what was typed when the claim lapses, says why, and saves it once taken again', async () => {
    const { page } = ada
    await page.getByRole('tab', { name: 'Text' }).click()
    await typeAtEnd(' Typed while holding the page.')
    await expect.poll(storedText, WAIT).toContain('Typed while holding the page.')

    claimEndsAt(new Date('2000-01-01T00:00:00.000Z'))
    await typeAtEnd(' Typed after the claim lapsed.')
    const unsaved = page.getByRole('status').filter({ hasText: /^Not saved: / })
    await unsaved.filter({ hasText: 'your claim lapsed' }).waitFor(WAIT)
    await claim().filter({ hasText: 'Your claim lapsed: nobody holds this page' }).waitFor(WAIT)
    expect(await page.getByText('All changes saved').count()).toBe(0)
    expect(await pageText().inputValue()).toContain(
      'Typed while holding the page. Typed after the claim lapsed.'
    )
    expect(storedText()).not.toContain('Typed after the claim lapsed.')
    await screenshot(page, 'claim-lapsed')

    await page.getByRole('button', { name: 'Take it again', exact: true }).click()
    await claim().filter({ hasText: 'You hold this page' }).waitFor(WAIT)
    await expect.poll(storedText, WAIT).toContain('Typed after the claim lapsed.')
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor(WAIT)
    expect(await pageText().inputValue()).toContain(
      'Typed while holding the page. Typed after the claim lapsed.'
    )
  })
})
