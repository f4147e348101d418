import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabaseReadOnly } from '../../../src-main/store/open.js'
import { currentState, listRevisions } from '../../../src-main/store/revisions.js'
import { writePoorScanPdf } from '../../helpers/part-scanned.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ReviewPage } from '../page-models/review-page.js'
import { ingest } from '../serve.js'

// OCR of the page takes seconds, longer on a busy machine.
const WAIT = { timeout: 60_000 }
const app = servedApp('recto-ocr-over-', (dir) => {
  const dbFile = join(dir, 'review.sqlite')
  ingest(dbFile, writePoorScanPdf(dir))
  return dbFile
})

function stored(): { text: string; actions: string[] } {
  const db = openDatabaseReadOnly(join(app.dir, 'review.sqlite'))
  try {
    return {
      text: currentState(db, 1, 1)?.state.text ?? '',
      actions: listRevisions(db, 1, 1).map((r) => r.action)
    }
  } finally {
    db.close()
  }
}

describe('OCR over a page the reviewer corrected', () => {
  it('asks once, in words, and then OCRs the page (not "0 of 0 pages")', async () => {
    const { page } = app
    const review = new ReviewPage(page, 'poor-scan.pdf', 1)
    await page.goto(app.served.url + '#/page/1/1')
    await review.image.waitFor(WAIT)
    await review.textTab.click()
    await review.pageText.fill('Hand-typed line.')
    await expect.poll(() => stored().text, WAIT).toBe('Hand-typed line.')

    // OCR this page: asked first; keeping the corrections starts nothing.
    await page.getByRole('button', { name: 'OCR this page', exact: true }).click()
    const ask = page.getByRole('alertdialog', { name: 'OCR over your corrections' })
    await ask.getByText('You corrected this page', { exact: false }).waitFor(WAIT)
    await screenshot(page, 'ocr-over-corrections')
    await ask.getByRole('button', { name: 'Keep my corrections' }).click()
    await ask.waitFor({ state: 'detached', ...WAIT })
    expect(await page.getByRole('status', { name: 'OCR progress' }).count()).toBe(0)

    // Marking for OCR asks too, and Cancel leaves the page as it was.
    await page.getByRole('heading', { level: 1 }).click()
    await page.keyboard.press('m')
    const mark = page.getByRole('alertdialog', { name: 'Mark for OCR over your corrections' })
    await mark.getByRole('button', { name: 'Cancel' }).click()
    await mark.waitFor({ state: 'detached', ...WAIT })
    expect(await review.status.textContent()).toBe('Unreviewed')
    expect(stored().actions).toEqual(['edit'])

    await page.getByRole('button', { name: 'OCR this page', exact: true }).click()
    await ask.getByRole('button', { name: 'OCR and replace my corrections' }).click()
    const progress = page.getByRole('status', { name: 'OCR progress' })
    await progress.getByText('OCR: 1 of 1 pages').waitFor(WAIT)
    await review.block(1).waitFor(WAIT)
    expect(stored().actions).toEqual(['edit', 'ocr'])
    expect(stored().text).not.toBe('Hand-typed line.')
  })
})
