import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fontMapPdf } from '../../helpers/font-map-pdf.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ReviewPage } from '../page-models/review-page.js'
import { ingest } from '../serve.js'

const WAIT = { timeout: 60_000 }
const app = servedApp('recto-fonts-', (dir) => {
  const pdf = join(dir, 'no-tounicode.pdf')
  const dbFile = join(dir, 'review.sqlite')
  writeFileSync(pdf, fontMapPdf('missing'))
  ingest(dbFile, pdf)
  return dbFile
})

describe('repairing a font map on the review screen', () => {
  it('repairs the font from OCR, shows each glyph beside its character, and takes an edit', async () => {
    const { page } = app
    const review = new ReviewPage(page, 'no-tounicode.pdf', 1)
    await page.goto(app.served.url + '#/page/1/1')
    await review.image.waitFor(WAIT)
    await page.getByText(/100% of characters have no Unicode mapping/).waitFor(WAIT)
    await review.textTab.click()
    expect(await review.pageText.inputValue()).not.toContain('quick')

    await page.getByRole('tab', { name: 'Fonts', exact: true }).click()
    // A repair shows its lines read as they go, and stops on Stop with nothing changed.
    await page.getByRole('button', { name: 'Repair fonts from OCR', exact: true }).click()
    const progress = page.getByRole('status', { name: 'Font repair progress' })
    await progress.getByText(/^Read [1-9]\d* of \d+ lines by OCR$/).waitFor(WAIT)
    await screenshot(page, 'font-repair-progress')
    await progress.getByRole('button', { name: 'Stop', exact: true }).click()
    await page
      .getByRole('status')
      .filter({ hasText: 'Repair stopped: no map was changed.' })
      .waitFor(WAIT)
    await page.getByText('No repaired font in this document.').waitFor(WAIT)

    await page.getByRole('button', { name: 'Repair fonts from OCR', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'Repaired 1 font' }).waitFor(WAIT)
    const font = page.getByRole('article', { name: 'Font Times-Roman' })
    await font.waitFor(WAIT)
    expect(await font.getByRole('img', { name: /^Glyph \d+$/ }).count()).toBeGreaterThan(40)
    await page.getByText(/learned from OCR of its glyphs/).waitFor(WAIT)
    await screenshot(page, 'font-map-repaired')

    const glyphX = await font
      .getByRole('textbox', { name: /^Text of glyph \d+$/ })
      .evaluateAll(
        (inputs) =>
          (inputs as HTMLInputElement[]).find((input) => input.value === 'x')?.ariaLabel ?? ''
      )
    const field = font.getByRole('textbox', { name: glyphX, exact: true })
    await field.fill('X')
    await field.press('Enter')
    await page.getByRole('status').filter({ hasText: 'now reads “X”' }).waitFor(WAIT)
    await page.getByText(/edited by a reviewer/).waitFor(WAIT)

    await review.textTab.click()
    await expect
      .poll(() => review.pageText.inputValue(), WAIT)
      .toContain('The quick brown foX jumps')
  }, 120_000)
})
