import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { corpusPdf } from '../../helpers/corpus.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ingest } from '../serve.js'

const WAIT = { timeout: 30_000 }
/** A paper page whose "©2014" reads "�2014": one character the PDF never mapped. */
const PAPER = 'olmocr__ff0f0b22c55d8b90dd77d153f48e144fc9db_pg2.pdf'

const app = servedApp('recto-lost-chars-', (dir) => {
  const dbFile = join(dir, 'review.sqlite')
  ingest(dbFile, corpusPdf(PAPER))
  return dbFile
})

describe('a page whose text still holds U+FFFD', () => {
  it('is sent to review, and approving it asks first', async () => {
    const { page } = app
    await page.goto(app.served.url + '#/page/1/1')
    const decision = page.locator('header.top .decision')
    await expect.poll(() => decision.textContent(), WAIT).toBe('review')
    const flags = page.getByRole('region', { name: 'Flags' })
    await flags.getByText(/U\+FFFD in 1 word \(\uFFFD2014/).waitFor(WAIT)
    // The word is marked on the page image, where the reviewer's eye has to go.
    const spot = page.getByLabel(/^unmapped_glyphs: U\+FFFD in ".*\uFFFD2014/)
    await spot.waitFor(WAIT)
    const box = await spot.boundingBox()
    expect(box?.width).toBeGreaterThan(5)

    const status = page.getByLabel('Page status')
    await page.getByRole('button', { name: 'Approve', exact: true }).click()
    const ask = page.getByRole('alertdialog', { name: 'Approve with unreadable characters' })
    await ask.getByText('The text still holds 1 U+FFFD').waitFor(WAIT)
    await screenshot(page, 'approve-asks-about-lost-characters')
    await ask.getByRole('button', { name: 'Cancel' }).click()
    await ask.waitFor({ state: 'detached', ...WAIT })
    expect(await status.textContent()).toBe('Unreviewed')

    await page.keyboard.press('a')
    await ask.getByRole('button', { name: 'Approve anyway' }).click()
    await expect.poll(() => status.textContent(), WAIT).toBe('Approved')
    await page.getByText('All changes saved', { exact: true }).waitFor(WAIT)
  })
})
