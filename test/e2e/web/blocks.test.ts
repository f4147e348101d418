import { describe, expect, it } from 'vitest'
import { samplesProject, servedApp } from '../fixtures.js'
import { openFromLibrary } from '../page-models/review-page.js'

const WAIT = { timeout: 15_000 }
const REPORT = 'running-headers.pdf'
const app = servedApp('recto-blocks-', samplesProject)

describe('working on single blocks', () => {
  it('includes a left-out block, corrects a block, rejects the page and moves on', async () => {
    const { page } = app
    const review = await openFromLibrary(page, app.served.url, REPORT, 2, WAIT)

    // The engine leaves the running header out; the reviewer takes it back in.
    const header = await review.shownBlocks().then((blocks) => blocks.find((b) => b.excluded))
    expect(header, 'the engine left a block out').toBeDefined()
    await page
      .getByRole('button', { name: `Include block ${header!.position}`, exact: true })
      .click()
    await expect
      .poll(() => review.blockById(header!.id).getAttribute('data-excluded'), WAIT)
      .toBe('false')

    // Correct the last block that goes into the text: its row then shows the change.
    const kept = (await review.shownBlocks()).filter((b) => !b.excluded)
    const last = kept.at(-1)!.position
    await page.getByRole('button', { name: `Edit text of block ${last}`, exact: true }).click()
    const editor = page.getByRole('textbox', { name: `Text of block ${last}`, exact: true })
    const original = await editor.inputValue()
    await editor.fill(`${original} Checked.`)
    await editor.blur()
    await review.orderItem(last).locator('ins', { hasText: 'Checked.' }).waitFor(WAIT)
    await review.saved.waitFor(WAIT)
    await review.textTab.click()
    await expect.poll(() => review.pageText.inputValue(), WAIT).toContain('Checked.')

    await page.getByRole('button', { name: 'Reject', exact: true }).click()
    await expect.poll(() => review.status.textContent(), WAIT).toBe('Rejected')
    await review.saved.waitFor(WAIT)

    const here = page.url()
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('n')
    await expect.poll(() => page.url(), WAIT).not.toBe(here)
    await page.getByRole('img', { name: /^Page \d+ of / }).waitFor(WAIT)
  })
})
