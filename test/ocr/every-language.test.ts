import { afterAll, describe, expect, it } from 'vitest'
import { ocrPage } from '../../src-main/ocr/cascade.js'
import { lazyThread } from '../../src-main/ocr/lazy-thread.js'
import { modelFile } from '../../src-main/ocr/models.js'
import { TesseractCliBackend } from '../../src-main/ocr/tesseract-cli.js'
import { normalizeText } from '../../src-main/layout/normalize.js'
import { characterErrorRate } from '../../src-main/error-rate/error-rate.js'
import { tempDir } from '../helpers/db.js'
import { LANGUAGE_SAMPLES } from '../helpers/language-samples.js'
import { analysisOf } from '../helpers/pages.js'
import { writeScannedText } from '../helpers/scanned-text.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 600_000

// The default backend, as a user gets it: the tesseract program where it is installed (with the
// languages Debian installed with it, tesseract.js reading the others), tesseract.js elsewhere.
const thread = lazyThread(null)
const dir = tempDir('recto-every-language-')
afterAll(async () => {
  await thread.close()
  dir.remove()
})

describe('OCR of a page in every language that ships, none given', { timeout: OCR_TIMEOUT }, () => {
  it('reads each scan in its own language (or the closest model), none empty', async () => {
    const rates: Record<string, number> = {}
    const notes: Record<string, string> = {}
    for (const sample of LANGUAGE_SAMPLES) {
      const file = writeScannedText(dir.dir, `${sample.code}.pdf`, sample.lines, sample.font, 0, {
        fit: true
      })
      const analysis = analysisOf(file)
      const [page] = analysis.pages
      expect(page!.analysis.decision).toBe('ocr')
      const read = await ocrPage(thread.get, file, page!, analysis.stats, { languages: null })
      const text = read!.analysis.text
      expect(text, sample.code).not.toBe('')
      // Lines of Chinese are joined with nothing between them, as a paragraph of theirs is.
      const joint = sample.code.startsWith('chi_') ? '' : '\n'
      rates[sample.code] = characterErrorRate(normalizeText(sample.lines.join(joint)), text).rate
      notes[sample.code] = read!.analysis.flags.find((f) => f.code === 'ocr_text')!.message
    }
    console.info(`CER by language (${thread.get().backend}):`, JSON.stringify(rates))
    for (const [code, rate] of Object.entries(rates)) expect(rate, code).toBeLessThanOrEqual(0.1)
    const values = Object.values(rates)
    expect(values.reduce((a, b) => a + b, 0) / values.length).toBeLessThanOrEqual(0.03)
    // Russian has no npm package: where Debian's model is not installed either, the Belarusian
    // one reads the page, and its note says so and what reads it better.
    if (modelFile('rus') === undefined && !new TesseractCliBackend().hasLanguage('rus')) {
      expect(notes['rus']).toContain(
        'Russian (rus) has no model here: read with the Belarusian (bel) one, the closest installed (apt-get install tesseract-ocr-rus reads it better)'
      )
    }
  })
})
