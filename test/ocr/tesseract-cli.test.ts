import { afterAll, describe, expect, it } from 'vitest'
import { PageRenderer } from '../../src-main/extract/render.js'
import { orientationOf, TesseractCliBackend, wordsOfTsv } from '../../src-main/ocr/tesseract-cli.js'
import { corpusPdf } from '../helpers/corpus.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 180_000

const DPI = 150
const backend = new TesseractCliBackend()
const languages = backend.languages()
if (languages === null) {
  console.warn(
    'tesseract-cli tests skipped: the tesseract program is not installed (apt-get install tesseract-ocr)'
  )
}

describe('wordsOfTsv', () => {
  it('keeps the words (level 5) with their boxes, confidence and page-wide line numbers', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t600\t800\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t20\t50\t12\t96.5\tHello',
      '5\t1\t1\t1\t1\t2\t70\t20\t40\t12\t91\tworld',
      '5\t1\t1\t1\t1\t3\t120\t20\t5\t12\t95\t ',
      '5\t1\t2\t1\t1\t1\t10\t60\t30\t12\t40\tBye'
    ].join('\n')
    expect(wordsOfTsv(tsv)).toEqual([
      { text: 'Hello', bbox: [10, 20, 60, 32], confidence: 96.5, block: 0, paragraph: 0, line: 0 },
      { text: 'world', bbox: [70, 20, 110, 32], confidence: 91, block: 0, paragraph: 0, line: 0 },
      { text: 'Bye', bbox: [10, 60, 40, 72], confidence: 40, block: 1, paragraph: 1, line: 1 }
    ])
  })
})

describe('orientationOf', () => {
  it("reads the program's --psm 0 report: the turn that makes the page upright, and its script", () => {
    // Its report on an English page scanned turned a quarter clockwise.
    const report = [
      'Page number: 0',
      'Orientation in degrees: 90',
      'Rotate: 270',
      'Orientation confidence: 3.99',
      'Script: Latin',
      'Script confidence: 0.93'
    ].join('\n')
    expect(orientationOf(report)).toEqual({
      turn: 270,
      turnConfidence: 3.99,
      script: 'latin',
      scriptName: 'Latin',
      scriptConfidence: 0.93
    })
    expect(orientationOf('Script: Devanagari\nRotate: 0')).toMatchObject({ script: 'devanagari' })
    // A script no shipped model reads.
    expect(orientationOf('Script: Thai\nRotate: 0')).toMatchObject({ script: null })
    expect(orientationOf('Too few characters. Skipping this page')).toBeNull()
  })
})

describe.skipIf(languages === null)('TesseractCliBackend', { timeout: OCR_TIMEOUT }, () => {
  const renderer = new PageRenderer()
  afterAll(() => renderer.close())

  it('reads the scanned linn page: known words, confident', async () => {
    expect(languages).toEqual(expect.arrayContaining(['eng']))
    const page = await renderer.render(corpusPdf('ocrmypdf__linn.pdf'), 1, DPI / 72)
    const words = await backend.recognize(page.png, { languages: ['eng'], dpi: DPI })
    expect(words.map((word) => word.text)).toEqual(
      expect.arrayContaining(['LinnSequencer', 'MIDI', 'sequences'])
    )
    expect(words.find((word) => word.text === 'LinnSequencer')?.confidence).toBeGreaterThan(80)
  })

  it('refuses a language it lacks before starting, naming the Debian package', async () => {
    const page = await renderer.render(corpusPdf('ocrmypdf__linn.pdf'), 1, 0.2)
    await expect(backend.recognize(page.png, { languages: ['cym'], dpi: 14 })).rejects.toThrow(
      'apt-get install tesseract-ocr-cym'
    )
  })
})
