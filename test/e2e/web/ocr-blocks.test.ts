import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeJapaneseParagraphsScan, writeNoticeScan } from '../../helpers/paragraph-scans.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ingest } from '../serve.js'

// Both scans are OCR'd while the project is made; a busy machine takes its time over each step.
const WAIT = { timeout: 60_000 }

const app = servedApp('recto-ocr-blocks-', (dir) => {
  const dbFile = join(dir, 'review.sqlite')
  ingest(dbFile, writeNoticeScan(dir, 13), '--ocr')
  ingest(dbFile, writeJapaneseParagraphsScan(dir), '--ocr')
  return dbFile
})

/** The texts of the page's blocks in the Blocks tab, in reading order. */
async function blockRows(documentId: number): Promise<string[]> {
  const { page } = app
  await page.goto(`${app.served.url}#/page/${documentId}/1`)
  const rows = page.locator('.order .text')
  await rows.first().waitFor(WAIT)
  return rows.allTextContents()
}

describe('the blocks OCR makes of a scan, as the reviewer sees them', { timeout: 240_000 }, () => {
  it('shows a heading centred over its text as a block of its own', async () => {
    const rows = await blockRows(1)
    expect(rows[0]).toBe('Maintenance Notice')
    expect(rows[1]!.startsWith('The committee met on the third of March')).toBe(true)
    await screenshot(app.page, 'ocr-heading-block')
  })

  it('shows two indented Japanese paragraphs as two blocks', async () => {
    const rows = await blockRows(2)
    expect(rows).toHaveLength(2)
    expect(rows[0]!.startsWith('この報告書は')).toBe(true)
    expect(rows[1]!.startsWith('私たちは')).toBe(true)
    await screenshot(app.page, 'ocr-japanese-paragraphs')
  })
})
