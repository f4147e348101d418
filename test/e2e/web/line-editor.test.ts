import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SAMPLES_DIR } from '../../helpers/backend.js'
import { REPO_ROOT } from '../../helpers/corpus.js'
import { writePoorScanPdf } from '../../helpers/part-scanned.js'
import { expectAccessible } from '../axe.js'
import { servedApp } from '../fixtures.js'
import { ReviewPage } from '../page-models/review-page.js'
import { ingest } from '../serve.js'

// The scan is OCR'd while the project is made; a busy machine takes its time over each step.
const WAIT = { timeout: 60_000 }
const IMAGES = join(REPO_ROOT, 'docs', 'images')

const app = servedApp('recto-lines-', (dir) => {
  const dbFile = join(dir, 'review.sqlite')
  ingest(dbFile, writePoorScanPdf(dir), '--ocr')
  ingest(dbFile, join(SAMPLES_DIR, 'two-column-article.pdf'))
  return dbFile
})

/** The screenshot the guide shows (docs/guide.md), written where it links to it. */
async function guideImage(page: Page, name: string): Promise<void> {
  mkdirSync(IMAGES, { recursive: true })
  await page.screenshot({ path: join(IMAGES, `${name}.png`) })
}

async function openLines(documentId: number, name: string): Promise<ReviewPage> {
  const { page } = app
  await page.goto(`${app.served.url}#/page/${documentId}/1`)
  const review = new ReviewPage(page, name, 1)
  await review.image.waitFor(WAIT)
  await page.getByRole('tab', { name: 'Lines', exact: true }).click()
  await page.getByRole('textbox', { name: 'Line 1', exact: true }).waitFor(WAIT)
  return review
}

/** The box of the mark of the caret's line on the page, or null when none is drawn. */
async function caretMark(page: Page) {
  const mark = page.locator('[aria-label="Line being corrected"]')
  return (await mark.count()) === 0 ? null : mark.boundingBox()
}

describe('correcting a page line by line', { timeout: 240_000 }, () => {
  it('shows each line of a born-digital page as its strip above its text; Enter goes on', async () => {
    const { page } = app
    const review = await openLines(2, 'two-column-article.pdf')
    const line = (n: number) => page.getByRole('textbox', { name: `Line ${n}`, exact: true })
    const fields = page.getByRole('textbox', { name: /^Line \d+$/ })
    // A heading and five paragraphs of 9, 5, 5, 4 and 3 lines: the running head and the folio
    // are left out of the text, and so of the lines.
    expect(await fields.count()).toBe(27)
    await expectAccessible(page, 'the Lines tab')
    const values = await fields.evaluateAll((all) =>
      all.map((field) => (field as HTMLTextAreaElement).value)
    )
    const first = values.indexOf('Two columns are the classic trap. An extractor that')
    expect(values.slice(first, first + 3)).toEqual([
      'Two columns are the classic trap. An extractor that',
      'reads straight across the page joins the first line of the',
      'left column to the first line of the right one, and the'
    ])
    const strip = page.getByRole('img', { name: `Line ${first + 1} on the page`, exact: true })
    const picture = strip.locator('img')
    await picture.waitFor(WAIT)
    expect(await picture.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    const stripBox = (await strip.boundingBox())!
    expect(stripBox.width / stripBox.height).toBeGreaterThan(5)

    // The caret's line is marked on the page, inside the block it belongs to.
    expect(await caretMark(page)).toBeNull()
    await line(first + 1).click()
    await expect.poll(() => caretMark(page), WAIT).not.toBeNull()
    const marked = (await caretMark(page))!
    const block = (await review.blockById(4).boundingBox())!
    expect(marked.y).toBeGreaterThanOrEqual(block.y - 2)
    expect(marked.y + marked.height).toBeLessThan(block.y + block.height / 3)

    await line(first + 1).fill('Two columns are the classic trap! An extractor that')
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), WAIT)
      .toBe(`Line ${first + 2}`)
    const moved = (await caretMark(page))!
    expect(moved.y).toBeGreaterThan(marked.y + marked.height / 2)
    await review.saved.waitFor(WAIT)
    await guideImage(page, 'line-by-line-born-digital')

    // One revision, the block's text with the line corrected and the other lines as they were.
    await review.textTab.click()
    await expect
      .poll(() => review.pageText.inputValue(), WAIT)
      .toContain(
        'Two columns are the classic trap! An extractor that reads straight across the page'
      )
    await page.getByRole('tab', { name: 'History', exact: true }).click()
    await page.getByText('text of 1 block edited').waitFor(WAIT)

    await page.reload()
    await page.getByRole('tab', { name: 'Lines', exact: true }).click()
    await expect
      .poll(() => line(first + 1).inputValue(), WAIT)
      .toBe('Two columns are the classic trap! An extractor that')
    expect(await line(first + 2).inputValue()).toBe(
      'reads straight across the page joins the first line of the'
    )
  })

  it('marks the words OCR was unsure of in the lines of a scanned page', async () => {
    const { page } = app
    await openLines(1, 'poor-scan.pdf')
    const marks = page.locator('.line-editor mark.doubtful')
    await expect.poll(() => marks.count(), WAIT).toBeGreaterThan(0)
    for (const confidence of await marks.evaluateAll((all) =>
      all.map((mark) => Number(mark.getAttribute('data-confidence')))
    )) {
      expect(confidence).toBeLessThan(60)
    }
    // Each mark stands under its word in the field: the word is the field's text at that place.
    const first = marks.first()
    const word = await first.textContent()
    const value = await first.evaluate(
      (mark) =>
        (mark.closest('.field')?.querySelector('textarea') as HTMLTextAreaElement | null)?.value
    )
    expect(value).toContain(word)
    await page
      .getByRole('img', { name: 'Line 1 on the page', exact: true })
      .locator('img')
      .waitFor()
    await page.getByRole('textbox', { name: 'Line 2', exact: true }).click()
    await expect.poll(() => caretMark(page), WAIT).not.toBeNull()
    await guideImage(page, 'line-by-line-scan')
  })
})
