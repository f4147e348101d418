import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { recto } from '../../helpers/cli.js'
import { encryptedPdf } from '../../helpers/encrypted-pdf.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ReviewPage } from '../page-models/review-page.js'

const WAIT = { timeout: 30_000 }
const PASSWORD = 'quarterly-9'
const app = servedApp('recto-password-', (dir) => join(dir, 'project.sqlite'))

/** A project that ingested the encrypted file with its password in an earlier run. */
const earlier = servedApp('recto-password-earlier-', (dir) => {
  const pdf = join(dir, 'minutes.pdf')
  writeFileSync(pdf, encryptedPdf(['Minutes read in an earlier session'], PASSWORD))
  const db = join(dir, 'project.sqlite')
  const run = recto('ingest', pdf, '--db', db, '--password', PASSWORD)
  if (run.status !== 0) throw new Error(run.stderr)
  return db
})

describe('an encrypted document in the library', () => {
  it('asks for its password, says when it is wrong, and reads and draws it with the right one', async () => {
    const { page } = app
    const locked = join(app.dir, 'locked.pdf')
    writeFileSync(locked, encryptedPdf(['Quarterly figures, not for circulation'], PASSWORD))
    await page.goto(app.served.url)
    await page.getByText('No documents yet').waitFor(WAIT)
    await page.getByRole('button', { name: 'Add PDFs…' }).click()
    await page.getByRole('textbox', { name: /one path per line/ }).fill(locked)
    await page.getByRole('button', { name: 'Ingest', exact: true }).click()

    const row = page.getByRole('row', { name: /locked\.pdf/ })
    await expect.poll(() => row.textContent(), WAIT).toContain('encrypted with an unknown password')
    const field = row.getByRole('textbox', { name: 'Password of locked.pdf' })
    const open = row.getByRole('button', { name: 'Open with password' })
    expect(await open.isDisabled()).toBe(true)
    await field.fill('guess')
    await screenshot(page, 'password-asked')
    await open.click()
    await expect.poll(() => row.textContent(), WAIT).toContain('encrypted: wrong password')

    await field.fill(PASSWORD)
    await open.click()
    await row.getByRole('button', { name: 'locked.pdf', exact: true }).waitFor(WAIT)
    await expect
      .poll(() => row.getByRole('cell').last().textContent(), WAIT)
      .toMatch(/^\s*done\s*$/)
    expect(await field.count()).toBe(0)

    // The page image needs the password too: the engine kept it for this session.
    await page.goto(app.served.url + '#/page/1/1')
    const review = new ReviewPage(page, 'locked.pdf', 1)
    await review.image.waitFor(WAIT)
    await page.getByText('Quarterly figures, not for circulation').first().waitFor(WAIT)
    await screenshot(page, 'password-opened')

    // Nothing of the password is in the project.
    for (const file of ['project.sqlite', 'project.sqlite-wal']) {
      const path = join(app.dir, file)
      if (existsSync(path)) expect(readFileSync(path).includes(PASSWORD)).toBe(false)
    }
  })
})

describe('an encrypted document read in an earlier session', () => {
  it('asks for the password on the review screen, where its page image needs it', async () => {
    const { page } = earlier
    await page.goto(earlier.served.url + '#/page/1/1')
    await page.getByText(/its password is needed to draw the page/).waitFor(WAIT)
    const field = page.getByRole('textbox', { name: 'Password of minutes.pdf' })
    const open = page.getByRole('button', { name: 'Open with password' })
    await field.fill('guess')
    await open.click()
    await page.getByText('minutes.pdf: wrong password').waitFor(WAIT)
    await field.fill(PASSWORD)
    await open.click()
    await new ReviewPage(page, 'minutes.pdf', 1).image.waitFor(WAIT)
    await screenshot(page, 'password-asked-on-review')
  })
})
