import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writePoorScanPdf } from '../../helpers/part-scanned.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ReviewPage } from '../page-models/review-page.js'
import { ingest } from '../serve.js'

// OCR of the page takes seconds, longer on a busy machine.
const WAIT = { timeout: 60_000 }
const app = servedApp('recto-ocr-', (dir) => {
  const dbFile = join(dir, 'review.sqlite')
  ingest(dbFile, writePoorScanPdf(dir))
  return dbFile
})

describe('OCR from the review screen', () => {
  it('OCRs a scanned page on request and marks the words OCR doubted', async () => {
    const { page } = app
    const review = new ReviewPage(page, 'poor-scan.pdf', 1)
    await page.goto(app.served.url + '#/page/1/1')
    await review.image.waitFor(WAIT)
    expect(await review.blocks.count()).toBe(0)
    await expect.poll(() => page.locator('.decision').textContent(), WAIT).toBe('ocr')

    await page.getByRole('button', { name: 'OCR this page', exact: true }).click()
    const progress = page.getByRole('status', { name: 'OCR progress' })
    await progress.getByText('OCR: 1 of 1 pages').waitFor(WAIT)
    await expect.poll(() => page.locator('.decision').textContent(), WAIT).toBe('review')
    await review.block(1).waitFor(WAIT)

    const toggle = page.getByRole('checkbox', { name: /^Doubtful OCR words \(\d+\)$/ })
    await toggle.waitFor(WAIT)
    const label = await page.getByText(/Doubtful OCR words \(\d+\)/).textContent()
    const count = Number(/\((\d+)\)/.exec(label ?? '')?.[1])
    expect(count).toBeGreaterThan(0)
    const marks = page.locator('.doubtful')
    expect(await marks.count()).toBe(count)
    for (const confidence of await marks.evaluateAll((all) =>
      all.map((mark) => Number(mark.getAttribute('data-confidence')))
    )) {
      expect(confidence).toBeLessThan(60)
    }
    await expect
      .poll(() => page.getByRole('region', { name: 'OCR' }).textContent(), WAIT)
      .toMatch(/Read by OCR \(tesseract(\.js)?, 300 dpi\): \d+ words, mean confidence/)
    await screenshot(page, 'ocr-doubtful-words')

    await toggle.uncheck()
    await expect.poll(() => marks.count(), WAIT).toBe(0)
  })
})
