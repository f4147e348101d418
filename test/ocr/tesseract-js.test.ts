import { existsSync, readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { PageRenderer } from '../../src-main/extract/render.js'
import { renderRegion } from '../../src-main/ocr/region-image.js'
import { TesseractJsBackend } from '../../src-main/ocr/tesseract-js.js'
import { corpusPdf } from '../helpers/corpus.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 180_000

// 150 dpi: half the cascade's 300, enough for linn's 10 pt type and about a second faster.
const DPI = 150

describe('TesseractJsBackend', { timeout: OCR_TIMEOUT }, () => {
  const backend = new TesseractJsBackend()
  const renderer = new PageRenderer()
  afterAll(async () => {
    await backend.close()
    renderer.close()
  })

  it('reads the scanned linn page offline: known words, inside the image, confident', async () => {
    const page = await renderer.render(corpusPdf('ocrmypdf__linn.pdf'), 1, DPI / 72)
    const words = await backend.recognize(page.png, { languages: ['eng'], dpi: DPI })
    const texts = words.map((word) => word.text)
    expect(texts).toEqual(expect.arrayContaining(['LinnSequencer', 'MIDI', 'sequences']))
    for (const { bbox } of words) {
      expect(bbox[0]).toBeGreaterThanOrEqual(0)
      expect(bbox[2]).toBeLessThanOrEqual(page.width)
      expect(bbox[3]).toBeLessThanOrEqual(page.height)
      expect(bbox[0]).toBeLessThan(bbox[2])
    }
    const title = words.find((word) => word.text === 'LinnSequencer')
    expect(title?.confidence).toBeGreaterThan(80)
    // The heading's line comes before the body's, in the engine's reading order.
    const body = words.find((word) => word.text === 'sequences')
    expect(title!.line).toBeLessThan(body!.line)
    // cacheMethod none: tesseract.js's default would leave the model in the working directory.
    expect(existsSync('eng.traineddata')).toBe(false)
  })

  it('refuses a language it has no model for, naming the package to install', async () => {
    const page = await renderer.render(corpusPdf('ocrmypdf__linn.pdf'), 1, 0.2)
    // Welsh: neither a dependency nor, on a machine with Debian's tesseract, installed with it.
    expect(backend.hasLanguage('cym')).toBe(false)
    await expect(backend.recognize(page.png, { languages: ['cym'], dpi: 14 })).rejects.toThrow(
      'no OCR model for cym (cym): npm install @tesseract.js-data/cym'
    )
  })

  it('reads with two languages at once, and detects orientation and script', async () => {
    // The top fifth of the page, from the title to the first "sequences": a sixth of the CPU
    // the whole page takes to read in two languages (1.3-1.4 s against 7.7-8.8 s).
    const pdf = mupdf.Document.openDocument(
      readFileSync(corpusPdf('ocrmypdf__linn.pdf')),
      'application/pdf'
    )
    const linn = pdf.loadPage(0)
    const [x0, y0, x1, y1] = linn.getBounds()
    const page = renderRegion(linn, [x0, y0, x1, y0 + (y1 - y0) / 5], DPI / 72)
    linn.destroy()
    pdf.destroy()
    const words = await backend.recognize(page.png, { languages: ['deu', 'eng'], dpi: DPI })
    expect(words.map((word) => word.text)).toEqual(
      expect.arrayContaining(['LinnSequencer', 'MIDI', 'sequences'])
    )
    expect(await backend.detect(page.png, DPI)).toMatchObject({
      turn: 0,
      script: 'latin',
      scriptName: 'Latin'
    })
  })
})
