import { describe, expect, it } from 'vitest'
import { samplesProject, screenshot, servedApp } from '../fixtures.js'
import { openFromLibrary } from '../page-models/review-page.js'

const WAIT = { timeout: 15_000 }
const REPORT = 'running-headers.pdf'
const app = servedApp('recto-history-', samplesProject)

describe("a page's history", () => {
  it('lists who changed what and when, and restores a revision as a new one', async () => {
    const { page } = app
    const review = await openFromLibrary(page, app.served.url, REPORT, 1, WAIT)
    const kept = (await review.shownBlocks()).find((b) => !b.excluded)!

    // Two edits: a block left out, then the page rejected.
    await page.getByRole('button', { name: `Exclude block ${kept.position}`, exact: true }).click()
    await review.saved.waitFor(WAIT)
    await page.getByRole('button', { name: 'Reject', exact: true }).click()
    await expect.poll(() => review.status.textContent(), WAIT).toBe('Rejected')

    await page.getByRole('tab', { name: 'History' }).click()
    const revisions = page.getByRole('list', { name: 'Revisions' }).getByRole('listitem')
    await expect.poll(() => revisions.count(), WAIT).toBe(2)
    // Newest first, each with its author and what it changed.
    expect(await revisions.nth(0).textContent()).toContain('status unreviewed → rejected')
    expect(await revisions.nth(1).textContent()).toContain('1 block excluded')
    const author = await revisions.nth(1).locator('.muted').first().textContent()
    expect(author).toMatch(/\S+ · /u)
    await screenshot(page, 'history')

    // Restoring the first revision brings its state back as a third revision.
    await revisions.nth(1).getByRole('button', { name: 'Restore', exact: true }).click()
    await expect.poll(() => revisions.count(), WAIT).toBe(3)
    await expect.poll(() => review.status.textContent(), WAIT).toBe('Unreviewed')
    expect(await revisions.nth(0).textContent()).toContain('restore')
    expect(await review.blockById(kept.id).getAttribute('data-excluded')).toBe('true')

    // Undo takes the restore back, as a fourth revision: nothing is ever overwritten.
    await review.undo.click()
    await expect.poll(() => review.status.textContent(), WAIT).toBe('Rejected')
    await expect.poll(() => revisions.count(), WAIT).toBe(4)
    expect(await revisions.nth(0).textContent()).toContain('undo')
  })
})
