import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fontMapPdf } from '../../helpers/font-map-pdf.js'
import { HEADING } from '../../helpers/wrong-maps.js'
import { servedApp } from '../fixtures.js'
import { ingest } from '../serve.js'

const WAIT = { timeout: 30_000 }

const app = servedApp('recto-glyph-mismatch-', (dir) => {
  // A heading whose font map gives every letter the next one: "Mjcsbsz Pqfojoh Ipvst".
  const file = join(dir, 'shifted.pdf')
  writeFileSync(file, fontMapPdf('shifted', [HEADING]))
  const dbFile = join(dir, 'review.sqlite')
  ingest(dbFile, file)
  return dbFile
})

describe('a page whose font map its glyphs contradict', () => {
  it('is not ok, says what the glyphs read, and marks the line on the page image', async () => {
    const { page } = app
    await page.goto(app.served.url + '#/page/1/1')
    const decision = page.locator('header.top .decision')
    await expect.poll(() => decision.textContent(), WAIT).toBe('ocr')
    const flags = page.getByRole('region', { name: 'Flags' })
    await flags
      .getByText(/the glyphs read 'Library Opening Hours for the Summer Term'/)
      .waitFor(WAIT)
    const spot = page.getByLabel(/^glyph_mismatch: "Mjcsbsz Pqfojoh Ipvst/)
    await spot.waitFor(WAIT)
    const box = await spot.boundingBox()
    expect(box?.width).toBeGreaterThan(20)
  })
})
