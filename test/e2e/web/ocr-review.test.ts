import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SAMPLES_DIR } from '../../helpers/backend.js'
import { writeUpsideDownScanPdf } from '../../helpers/part-scanned.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ingest } from '../serve.js'

// OCR of a page takes seconds, longer on a busy machine.
const WAIT = { timeout: 90_000 }
const SCAN = 'upside-down-scan.pdf'
const TEXT = 'running-headers.pdf'

const app = servedApp('recto-ocr-review-', (dir) => {
  const dbFile = join(dir, 'review.sqlite')
  ingest(dbFile, writeUpsideDownScanPdf(dir), join(SAMPLES_DIR, TEXT))
  return dbFile
})

async function documentIds(): Promise<Map<string, number>> {
  const page = app.page
  const listed = await page.evaluate(async () => {
    const token = new URLSearchParams(location.search).get('token') ?? ''
    const response = await fetch('/rpc/documents.list', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Recto-Token': token },
      body: '{}'
    })
    return ((await response.json()) as { value: { id: number; name: string }[] }).value
  })
  return new Map(listed.map((doc) => [doc.name, doc.id]))
}

describe('OCR controls on the review screen', { timeout: 240_000 }, () => {
  it('turns an upside-down scan before OCR, then offers to read it again', async () => {
    const { page } = app
    await page.goto(app.served.url)
    await page.getByRole('button', { name: SCAN, exact: true }).waitFor(WAIT)
    const ids = await documentIds()
    await page.evaluate((hash) => (location.hash = hash), `#/page/${ids.get(SCAN)}/1`)
    const decision = page.locator('header.top .decision')
    await expect.poll(() => decision.textContent(), WAIT).toBe('ocr')

    const ocr = page.getByRole('region', { name: 'OCR' })
    await ocr.getByLabel('Turn the page before OCR').selectOption({ label: '180° clockwise' })
    await screenshot(page, 'ocr-turn-before-reading')
    await ocr.getByRole('button', { name: 'OCR this page', exact: true }).click()
    await ocr.getByText(/^Read by OCR \(tesseract(\.js)?, 300 dpi\)/).waitFor(WAIT)
    await expect.poll(() => decision.textContent(), WAIT).toBe('review')
    const confidence = Number(
      /mean confidence\s+([\d.]+)/.exec((await ocr.textContent()) ?? '')?.[1]
    )
    expect(confidence).toBeGreaterThan(80)
    await ocr.getByRole('button', { name: 'OCR this page again', exact: true }).waitFor(WAIT)
    await screenshot(page, 'ocr-read-again-offered')
  })

  it('gives a page marked for OCR an OCR control, and the queue OCRs it with the rest', async () => {
    const { page } = app
    const ids = await documentIds()
    await page.evaluate((hash) => (location.hash = hash), `#/page/${ids.get(TEXT)}/1`)
    const status = page.getByLabel('Page status')
    await expect.poll(() => status.textContent(), WAIT).toBe('Unreviewed')
    const ocr = page.getByRole('region', { name: 'OCR' })
    expect(await ocr.count()).toBe(0)

    await page.getByRole('button', { name: 'Mark for OCR', exact: true }).click()
    await expect.poll(() => status.textContent(), WAIT).toBe('Marked for OCR')
    await ocr.getByRole('button', { name: 'OCR this page', exact: true }).waitFor(WAIT)
    await page.getByText('All changes saved', { exact: true }).waitFor(WAIT)
    await screenshot(page, 'marked-for-ocr')

    // The scan above was approved by nobody: a marked page is not reviewed either.
    await page.getByRole('link', { name: 'Library', exact: true }).click()
    const summary = page.locator('.library .head p')
    await expect.poll(() => summary.textContent(), WAIT).toMatch(/·\s+0 reviewed\s*$/)

    await page.getByRole('link', { name: 'Queue', exact: true }).click()
    await page.getByRole('button', { name: 'OCR every page that needs it', exact: true }).click()
    const progress = page.getByRole('region', { name: 'OCR progress' })
    await progress.waitFor(WAIT)
    await progress.waitFor({ state: 'detached', ...WAIT })

    await page.evaluate((hash) => (location.hash = hash), `#/page/${ids.get(TEXT)}/1`)
    await ocr.getByText(/^Read by OCR/).waitFor(WAIT)
    await expect.poll(() => status.textContent(), WAIT).toBe('Unreviewed')
    await ocr.getByRole('button', { name: 'OCR this page again', exact: true }).waitFor(WAIT)
  })
})
