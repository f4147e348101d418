import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { mupdf } from '../../../src-main/extract/mupdf.js'
import { screenshot, servedApp } from '../fixtures.js'
import { LibraryPage } from '../page-models/library-page.js'
import { QueuePage } from '../page-models/queue-page.js'
import { ReviewPage } from '../page-models/review-page.js'
import { ingest, ingestSamples } from '../serve.js'

const WAIT = { timeout: 15_000 }
const REPORT = 'running-headers.pdf'
const BANNER = 'banner.pdf'

/** A page 200 inches wide and 8 high, with a line of text at its left end. */
function bannerPdf(file: string): void {
  const doc = new mupdf.PDFDocument()
  try {
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'))
    const resources = doc.addObject({ Font: { F1: font } })
    const content = 'BT /F1 48 Tf 72 300 Td (A banner two hundred inches wide) Tj ET'
    doc.insertPage(-1, doc.addPage([0, 0, 14_400, 576], 0, resources, content))
    writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
  } finally {
    doc.destroy()
  }
}

const app = servedApp('recto-queue-layout-', (dir) => {
  const dbFile = join(dir, 'review.sqlite')
  ingestSamples(dbFile)
  bannerPdf(join(dir, BANNER))
  ingest(dbFile, join(dir, BANNER))
  return dbFile
})

/** The zoom the canvas shows, in percent. */
async function zoomShown(review: ReviewPage): Promise<number> {
  const text = await review.page
    .getByRole('toolbar', { name: 'Zoom' })
    .locator('.zoom')
    .textContent()
  return Number(text?.replace('%', ''))
}

async function scrollsSideways(review: ReviewPage): Promise<boolean> {
  return review.page
    .getByRole('region', { name: 'Flags' })
    .evaluate((flags) => flags.scrollWidth > flags.clientWidth)
}

describe('the queue and the review screen, laid out for a reviewer', () => {
  it('opens a document from the library with no filter left from before', async () => {
    const { page } = app
    await page.goto(app.served.url)
    const library = new LibraryPage(page)
    await library.document(REPORT).waitFor(WAIT)
    // A document with no page to review says so, beside its counts of info flags.
    const row = library.documents.filter({ hasText: REPORT })
    expect(await row.textContent()).toContain('nothing to review')
    expect(await row.textContent()).not.toContain('nothing flagged')

    await library.openQueue()
    const queue = new QueuePage(page)
    await queue.showAll()
    // Decision and Status both had "ocr": now each says whose word it is.
    const decision = page.getByRole('combobox', { name: 'Decision', exact: true })
    const status = page.getByRole('combobox', { name: 'Status', exact: true })
    expect(await decision.locator('option[value="ocr"]').textContent()).toBe('needs OCR (engine)')
    expect(await status.locator('option[value="ocr"]').textContent()).toBe(
      'marked for OCR (reviewer)'
    )
    await decision.selectOption('ocr')
    await expect.poll(() => queue.rows.count(), WAIT).toBe(2)

    await page.getByRole('link', { name: 'Library', exact: true }).click()
    await library.document(REPORT).click()
    await expect.poll(() => queue.pagesFilter.inputValue(), WAIT).toBe('attention')
    const none = page.getByText('No page of this document needs attention', { exact: false })
    await none.waitFor(WAIT)
    await screenshot(page, 'queue-nothing-to-review')
    await page.getByRole('button', { name: 'Show all pages', exact: true }).click()
    await expect.poll(() => queue.rows.count(), WAIT).toBe(3)
    await expect.poll(() => queue.pagesFilter.inputValue(), WAIT).toBe('all')
  })

  it('keeps the zoom from page to page, fits a banner below 25 % and keeps the title', async () => {
    const { page } = app
    const queue = new QueuePage(page)
    await queue.row(REPORT, 1).click()
    let review = new ReviewPage(page, REPORT, 1)
    await review.image.waitFor(WAIT)
    expect(await scrollsSideways(review)).toBe(false)
    const fitted = await zoomShown(review)
    await page.keyboard.press('+')
    await page.keyboard.press('+')
    await expect.poll(() => zoomShown(review), WAIT).toBeGreaterThan(fitted * 1.5)
    const chosen = await zoomShown(review)

    // Approving opens the next page at the zoom chosen, under a title that names it whole.
    await page.keyboard.press('a')
    review = new ReviewPage(page, REPORT, 2)
    await review.image.waitFor(WAIT)
    expect(await zoomShown(review)).toBe(chosen)
    const title = page.getByRole('heading', { level: 1 })
    expect(await title.textContent()).toContain('page 2 of 3')
    const pageNo = await title.locator('.page-no').boundingBox()
    const name = await title.locator('.name').boundingBox()
    expect(pageNo!.width).toBeGreaterThan(50)
    expect(name!.width).toBeGreaterThan(50)
    await screenshot(page, 'review-after-approve')

    // Fit width holds for the next pages, down to a 200-inch banner's few percent.
    await page.keyboard.press('0')
    await expect.poll(() => zoomShown(review), WAIT).toBeLessThan(chosen)
    await page.getByRole('link', { name: 'Queue', exact: true }).click()
    await page.getByRole('combobox', { name: 'Document', exact: true }).selectOption('')
    await queue.row(BANNER, 1).click()
    review = new ReviewPage(page, BANNER, 1)
    await review.image.waitFor(WAIT)
    await expect.poll(() => zoomShown(review), WAIT).toBeLessThan(25)
    const sheet = await page.locator('.sheet').boundingBox()
    const viewport = await page.locator('.viewport').boundingBox()
    expect(sheet!.width).toBeLessThanOrEqual(viewport!.width)
    await screenshot(page, 'banner-fit-width')
  })
})
