import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabaseReadOnly } from '../../../src-main/store/open.js'
import { currentState } from '../../../src-main/store/revisions.js'
import { runOnBookletPage } from '../../helpers/aside-booklet.js'
import { drawnPdf } from '../../helpers/drawn-pdf.js'
import { expectAccessible } from '../axe.js'
import { screenshot, servedApp } from '../fixtures.js'
import { openFromLibrary } from '../page-models/review-page.js'
import { ingest } from '../serve.js'

const WAIT = { timeout: 15_000 }
const BOOKLET = 'booklet.pdf'

/** A project of one booklet page whose "CAUTION" side box the engine reads as an aside. */
const app = servedApp('recto-aside-', (dir) => {
  const dbFile = join(dir, 'review.sqlite')
  const file = join(dir, BOOKLET)
  writeFileSync(file, drawnPdf([runOnBookletPage()]))
  ingest(dbFile, file)
  return dbFile
})

/** How many asides the reviewer's blocks hold: null before the reviewer changed any block. */
function storedAsides(): number | null {
  const db = openDatabaseReadOnly(join(app.dir, 'review.sqlite'))
  try {
    const { state } = currentState(db, 1, 1)!
    return state.structure ? state.structure.blocks.filter((b) => b.role === 'aside').length : null
  } finally {
    db.close()
  }
}

describe('the aside role in the review screen', () => {
  it("shows the engine's aside in the legend's colour, then clears and sets it, the keys too", async () => {
    const { page } = app
    const review = await openFromLibrary(page, app.served.url, BOOKLET, 1, WAIT)
    const aside = review.blocks.and(page.locator('[data-role="aside"]'))
    await aside.waitFor(WAIT)
    await expect.poll(() => aside.count(), WAIT).toBe(1)
    const id = Number(await aside.getAttribute('data-block-id'))
    await page.locator('.legend .role-aside', { hasText: 'aside' }).waitFor(WAIT)
    await expectAccessible(page, 'a page with an aside')
    await screenshot(page, 'aside-role')

    // Cleared with the role list: the box is body text again, and stays so.
    await aside.click()
    const role = page.getByRole('combobox', { name: 'Role of the selected block' })
    await expect.poll(() => role.inputValue(), WAIT).toBe('aside')
    await role.selectOption('body')
    await expect.poll(() => review.blockById(id).getAttribute('data-role'), WAIT).toBe('body')
    await review.saved.waitFor(WAIT)
    await expect.poll(storedAsides, WAIT).toBe(0)

    // Set again from the keyboard: c opens the role list, End walks to its last role, Enter stores it.
    // The block stays selected once the focus leaves the list.
    await page.getByRole('heading', { level: 1 }).click()
    await page.keyboard.press('c')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), WAIT)
      .toBe('Role of the selected block')
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
    await expect.poll(() => review.blockById(id).getAttribute('data-role'), WAIT).toBe('aside')
    await expect.poll(storedAsides, WAIT).toBe(1)
    await expectAccessible(page, 'a page with an aside set by the reviewer')
  })
})
