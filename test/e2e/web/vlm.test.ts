import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answer, chatServer } from '../../helpers/chat-server.js'
import { tempDir } from '../../helpers/db.js'
import { writePoorScanPdf } from '../../helpers/part-scanned.js'
import { expectAccessible } from '../axe.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ReviewPage } from '../page-models/review-page.js'
import { ingest } from '../serve.js'

const WAIT = { timeout: 60_000 }
// `recto serve` reads the model from the user's pricing file: this test's own config folder.
const config = tempDir('recto-vlm-e2e-config-')
process.env['RECTO_CONFIG_DIR'] = config.dir
const app = servedApp('recto-vlm-', (dir) => {
  const dbFile = join(dir, 'review.sqlite')
  ingest(dbFile, writePoorScanPdf(dir))
  return dbFile
})
let server: Awaited<ReturnType<typeof chatServer>> | undefined

beforeAll(async () => {
  server = await chatServer(() => answer('# Notice\n\nThe library opens at nine.'))
  writeFileSync(
    join(config.dir, 'pricing.json'),
    JSON.stringify({
      schemes: [{ name: 'flat', tokensPerPage: 1000, inputPricePerMillion: 2 }],
      vlm: { endpoint: server.endpoint, model: 'olmocr-e2e', retries: 0 }
    })
  )
})
afterAll(async () => {
  await server?.close()
  config.remove()
})

describe('the vision model from the review screen', () => {
  it('reads a page OCR could not when the reviewer presses Shift+V', async () => {
    const { page } = app
    const review = new ReviewPage(page, 'poor-scan.pdf', 1)
    await page.goto(app.served.url + '#/page/1/1')
    await review.image.waitFor(WAIT)
    await expect.poll(() => page.locator('.decision').textContent(), WAIT).toBe('ocr')
    await page.getByRole('button', { name: 'Read with the vision model (V)' }).waitFor(WAIT)

    await page.keyboard.press('Shift+V')
    await expect.poll(() => page.locator('.decision').textContent(), WAIT).toBe('review')
    await review.block(1).waitFor(WAIT)
    expect(await page.locator('.order').textContent()).toContain('The library opens at nine.')
    await page
      .getByText(/read by the vision model olmocr-e2e \(reviewer\)/u)
      .first()
      .waitFor(WAIT)
    expect(server!.calls).toHaveLength(1)
    await page.getByRole('button', { name: 'Read with the vision model again (V)' }).waitFor(WAIT)
    await expectAccessible(page, 'a page the vision model read')
    await screenshot(page, 'vlm-page')
  })
})
