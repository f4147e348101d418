import { describe, expect, it } from 'vitest'
import { samplesProject, screenshot, servedApp } from '../fixtures.js'
import { QueuePage } from '../page-models/queue-page.js'

const ARTICLE = 'two-column-article.pdf'
const WAIT = { timeout: 15_000 }
const app = servedApp('recto-navigation-', samplesProject)

const title = () => app.page.locator('.page-review h1').getAttribute('title')

describe('moving through the pages that need work', () => {
  it('says why n opened nothing outside the filter, and w opens the next page needing work', async () => {
    const { page } = app
    await page.goto(app.served.url)
    await page.getByRole('link', { name: 'Queue', exact: true }).click()
    const queue = new QueuePage(page)
    // The queue needs attention on the samples' two scans; the article, passed as ok, is not in it.
    await expect.poll(() => queue.rows.count(), WAIT).toBe(2)
    const documentId = await page.evaluate(async () => {
      const token = new URLSearchParams(location.search).get('token') ?? ''
      const response = await fetch('/rpc/documents.list', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Recto-Token': token },
        body: '{}'
      })
      const { value } = (await response.json()) as { value: { id: number; name: string }[] }
      return value.find((d) => d.name === 'two-column-article.pdf')!.id
    })
    await page.goto(`${app.served.url}#/page/${documentId}/1`)
    await expect.poll(title, WAIT).toBe(`${ARTICLE}, page 1 of 2`)
    const progress = page.getByRole('status', { name: 'Session progress' })
    await progress.filter({ hasText: '0 of 2 done' }).waitFor(WAIT)

    await page.keyboard.press('n')
    await page
      .getByRole('status')
      .filter({ hasText: 'No next page in the queue as it is filtered now' })
      .waitFor(WAIT)
    expect(await title()).toBe(`${ARTICLE}, page 1 of 2`)
    await screenshot(page, 'navigation-nothing-next')

    await page.keyboard.press('w')
    await expect.poll(title, WAIT).not.toBe(`${ARTICLE}, page 1 of 2`)
    const firstScan = (await title())!
    await page.getByLabel('Page status').filter({ hasText: 'Unreviewed' }).waitFor(WAIT)
    // Its text holds U+FFFD: approving asks first, and the question takes the focus.
    await page.keyboard.press('a')
    const question = page.getByRole('alertdialog', { name: 'Approve with unreadable characters' })
    await question.waitFor(WAIT)
    await expect
      .poll(() => question.evaluate((dialog) => dialog.contains(document.activeElement)), WAIT)
      .toBe(true)
    await question.getByRole('button', { name: 'Approve anyway' }).click()
    await expect.poll(title, WAIT).not.toBe(firstScan)
    await progress.filter({ hasText: '1 of 2 done' }).waitFor(WAIT)

    // The approved page needs no attention any more: the queue lists one page, not two.
    await page.getByRole('link', { name: '← Queue' }).click()
    await expect.poll(() => queue.rows.count(), WAIT).toBe(1)
  })
})
