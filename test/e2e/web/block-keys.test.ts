import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabaseReadOnly } from '../../../src-main/store/open.js'
import { listRevisions } from '../../../src-main/store/revisions.js'
import { samplesProject, servedApp } from '../fixtures.js'
import { openFromLibrary } from '../page-models/review-page.js'

const WAIT = { timeout: 15_000 }
const ARTICLE = 'two-column-article.pdf'
const app = servedApp('recto-block-keys-', samplesProject)

function revisions(documentId: number): string[] {
  const db = openDatabaseReadOnly(join(app.dir, 'review.sqlite'))
  try {
    return listRevisions(db, documentId, 1).map((r) => r.action)
  } finally {
    db.close()
  }
}

const focused = () =>
  app.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null)

describe("a block's role and split from the keyboard", () => {
  it('stores a role walked to with the arrows once, and s puts the focus in the split list', async () => {
    const { page } = app
    const review = await openFromLibrary(page, app.served.url, ARTICLE, 1, WAIT)
    const documentId = Number(/#\/page\/(\d+)\/1$/.exec(page.url())![1])
    await review.block(1).waitFor(WAIT)
    // The third block of the reading order: a paragraph of several lines.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('c')
    await expect.poll(focused, WAIT).toBe('Role of the selected block')
    const role = page.getByLabel('Role of the selected block')
    const start = await role.inputValue()
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown')
    const walkedTo = await role.inputValue()
    expect(walkedTo).not.toBe(start)
    await page.keyboard.press('Enter')
    await expect.poll(() => revisions(documentId), WAIT).toHaveLength(1)
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor(WAIT)
    expect(revisions(documentId)).toHaveLength(1)
    expect(await role.inputValue()).toBe(walkedTo)

    await page.getByRole('heading', { level: 1 }).click()
    await page.keyboard.press('s')
    await expect.poll(focused, WAIT).toBe('Split here, before line 2')
  })
})
