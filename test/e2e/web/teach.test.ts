import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabaseReadOnly } from '../../../src-main/store/open.js'
import { currentState } from '../../../src-main/store/revisions.js'
import { templatePdf, type Template } from '../../helpers/template-pdf.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ReviewPage } from '../page-models/review-page.js'
import { ingest } from '../serve.js'

const WAIT = { timeout: 30_000 }
const PAGES = 20

/** Twenty pages of one template, and a report whose one page has one more column. */
const app = servedApp('recto-teach-', (dir) => {
  const report = join(dir, 'report.pdf')
  const other = join(dir, 'other.pdf')
  writeFileSync(report, templatePdf(Array.from({ length: PAGES }, (): Template => 'two-column')))
  writeFileSync(other, templatePdf(['three-column']))
  const dbFile = join(dir, 'review.sqlite')
  ingest(dbFile, report)
  ingest(dbFile, other)
  return dbFile
})

/** Each page's order now and the engine's, read from the project as the exports read it. */
function orders(documentId: number, pages: number): { now: number[]; engine: number[] }[] {
  const db = openDatabaseReadOnly(join(app.dir, 'review.sqlite'))
  try {
    return Array.from({ length: pages }, (_, i) => {
      const engine = db
        .prepare('SELECT auto_order FROM pages WHERE document_id = ? AND page_no = ?')
        .pluck()
        .get(documentId, i + 1) as string
      return {
        now: [...currentState(db, documentId, i + 1)!.state.order],
        engine: JSON.parse(engine) as number[]
      }
    })
  } finally {
    db.close()
  }
}

/** The right column moved before the left one, as the reviewer did on page 1. */
function fixed(engine: readonly number[]): number[] {
  const order = [...engine]
  const [right] = order.splice(3, 1)
  order.splice(2, 0, right!)
  return order
}

describe('teaching a reading order once', () => {
  it('fixes the 19 other pages of the template in one action, and one undo restores all 20', async () => {
    const { page } = app
    await page.goto(`${app.served.url}#/page/1/1`)
    const review = new ReviewPage(page, 'report.pdf', 1)
    await review.image.waitFor(WAIT)
    await review.block(5).waitFor(WAIT)

    // The right column should be read first: the fourth block moves up one.
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Alt+ArrowUp')
    await review.saved.waitFor(WAIT)
    const offer = page.getByRole('status', { name: 'Across pages' })
    await offer
      .getByText("19 other pages share this page's layout: give them its order?")
      .waitFor(WAIT)

    await page.keyboard.press('l')
    const dialog = page.getByRole('dialog', { name: 'Pages like this one' })
    await dialog.getByText(/^Same layout: same page size/).waitFor(WAIT)
    const proposed = dialog.getByRole('checkbox')
    await expect.poll(() => proposed.count(), WAIT).toBe(19)
    for (let pageNo = 2; pageNo <= PAGES; pageNo++) {
      expect(
        await dialog.getByLabel(`Page ${pageNo} of report.pdf`, { exact: true }).isChecked()
      ).toBe(true)
    }
    // The page with one more column is not of the layout.
    expect(await dialog.getByLabel('Page 1 of other.pdf').count()).toBe(0)
    await dialog.getByRole('img', { name: 'Page 2 of report.pdf' }).waitFor(WAIT)
    await screenshot(page, 'teach-proposal')

    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached', ...WAIT })
    await offer.getByText('19 pages changed: order from page 1 of report.pdf').waitFor(WAIT)
    const after = orders(1, PAGES)
    for (const { now, engine } of after) expect(now).toEqual(fixed(engine))
    expect(orders(2, 1)[0]!.now).toEqual(orders(2, 1)[0]!.engine)

    // Page 2's history says where its order came from.
    await page.goto(`${app.served.url}#/page/1/2`)
    const two = new ReviewPage(page, 'report.pdf', 2)
    await two.image.waitFor(WAIT)
    await page.keyboard.press('h')
    await page
      .getByRole('list', { name: 'Revisions' })
      .getByText('Across pages: order from page 1 of report.pdf')
      .waitFor(WAIT)
    await screenshot(page, 'teach-history')

    await page.keyboard.press('Shift+U')
    await offer.getByText(/^Undone on 20 pages: order from page 1 of report\.pdf/).waitFor(WAIT)
    for (const { now, engine } of orders(1, PAGES)) expect(now).toEqual(engine)
  })

  it('lists the new keys under ?', async () => {
    const { page } = app
    await page.keyboard.press('?')
    const help = page.getByRole('dialog', { name: 'Keys' })
    for (const does of [
      "Pages like this: offer the page's order and roles to the pages of the same layout",
      'Undo the last action across pages (a taught order, a find and replace) on every page',
      'Find and replace across the project'
    ]) {
      await help.getByText(does, { exact: true }).waitFor(WAIT)
    }
    await page.keyboard.press('Escape')
  })
})
