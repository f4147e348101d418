import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SAMPLES_DIR } from '../../helpers/backend.js'
import { corpusPdf } from '../../helpers/corpus.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ingest } from '../serve.js'

const WAIT = { timeout: 30_000 }

const app = servedApp('recto-fonts-', (dir) => {
  const dbFile = join(dir, 'review.sqlite')
  ingest(dbFile, join(SAMPLES_DIR, 'two-column-article.pdf'))
  ingest(dbFile, corpusPdf('pdfminer__kampo.pdf'))
  return dbFile
})

describe('every script the app reads is drawn', () => {
  it('draws Japanese block text in a bundled font, fetched only for a page that shows it', async () => {
    const { page } = app
    const fonts: string[] = []
    const refused: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fonts.push(request.url())
    })
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
    })
    await page.goto(app.served.url)
    await page.getByRole('button', { name: 'two-column-article.pdf', exact: true }).waitFor(WAIT)
    await page.goto(`${app.served.url}#/page/1/1`)
    await page.locator('.order .text').first().waitFor(WAIT)
    // A page of Latin text: the system's own font, no slice of a bundled one.
    expect(fonts).toEqual([])

    await page.goto(`${app.served.url}#/page/2/1`)
    const row = page.locator('.order .text', { hasText: '道路交通法施行令の一部を改正する政令' })
    await row.waitFor(WAIT)
    // The slices for the characters shown, whichever the browser has yet to finish loading.
    await page.evaluate(async () => {
      const shown = [...document.querySelectorAll('.order .text')].map((row) => row.textContent)
      await document.fonts.load('14px "Noto Sans JP"', shown.join(''))
    })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument')
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: '.order .text'
    })
    // Glyphs drawn by the bundled faces (Chromium names them by the font file's own family,
    // "Noto Sans JP Thin" for each slice of the variable font's regular cut) and by others.
    let bundled = 0
    let others = 0
    for (const nodeId of nodeIds) {
      const { fonts: drawn } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
      for (const font of drawn) {
        if (font.isCustomFont && font.familyName.startsWith('Noto Sans JP')) {
          bundled += font.glyphCount
        } else others += font.glyphCount
      }
    }
    await screenshot(page, 'japanese-block-text')
    // Chromium draws a letter no font has in the last font it tried, as a box; here the bundled
    // Noto Sans JP draws the Japanese letters (948 of 956 glyphs; without it DejaVu Sans drew
    // them all as boxes). The first row, laid out before any slice had come, stays in the
    // system's font until it is drawn again: its 8 glyphs are the others.
    expect(bundled).toBeGreaterThan(500)
    expect(others).toBeLessThan(bundled / 20)
    // Only the slices of the characters shown, of the 124 the face is cut into.
    const japanese = fonts.filter((url) => url.includes('noto-sans-jp'))
    expect(japanese.length).toBeGreaterThan(0)
    expect(japanese.length).toBeLessThan(60)
    expect(refused).toEqual([])
  })
})
