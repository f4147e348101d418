import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { PageCheck } from '../../src-main/shared/flags.js'
import { openDatabaseReadOnly } from '../../src-main/store/open.js'
import { getPage, readLayout } from '../../src-main/store/pages.js'
import { readTextLayer } from '../../src-main/store/text-layers.js'
import { recto } from '../helpers/cli.js'
import { analysisOf } from '../helpers/pages.js'
import { SCANNED_LETTER_WORDS, writePartScannedPdf } from '../helpers/part-scanned.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 180_000

const dir = mkdtempSync(join(tmpdir(), 'recto-ocr-cli-'))
const pdf = writePartScannedPdf(dir)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('recto check --ocr / text --ocr', { timeout: OCR_TIMEOUT }, () => {
  it('OCRs only the image-only page, which goes to review with its confidence', () => {
    const plain = JSON.parse(recto('check', pdf, '--json').stdout) as PageCheck[]
    const result = recto('check', pdf, '--json', '--ocr')
    expect(result.status).toBe(0)
    const [text, scan] = JSON.parse(result.stdout) as PageCheck[]
    expect(plain[1]?.decision).toBe('ocr')
    // The text page is exactly what it was without --ocr.
    expect(text).toEqual(plain[0])
    expect(scan?.decision).toBe('review')
    expect(scan?.flags.map((f) => f.code)).not.toContain('needs_ocr')
    const flag = scan?.flags.find((f) => f.code === 'ocr_text')
    expect(flag).toMatchObject({ severity: 'warn', evidence: { scope: 'page', dpi: 300 } })
    expect(flag?.message).toMatch(
      /^\d+ words read by OCR from the page \(tesseract(\.js)?, 300 dpi\), mean confidence \d+/
    )
    expect((flag?.evidence as { meanConfidence: number }).meanConfidence).toBeGreaterThan(80)
  })

  it('prints the scanned page as OCR reads it, the text page unchanged', () => {
    const [plainText] = recto('text', pdf).stdout.split('\f')
    const result = recto('text', pdf, '--ocr', '--ocr-backend', 'tesseract.js')
    expect(result.status).toBe(0)
    const [text, scan] = result.stdout.split('\f')
    expect(text).toBe(plainText)
    expect(scan).toContain('A scanned letter')
    for (const word of SCANNED_LETTER_WORDS) expect(scan).toContain(word)
  })

  it('names the package of a language it has no model for, before reading anything', () => {
    const result = recto('text', pdf, '--ocr', '--ocr-backend', 'tesseract.js', '--lang', 'cym')
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(
      'recto: --ocr-lang cym: no OCR model for cym (cym): ' +
        'npm install @tesseract.js-data/cym, or apt-get install tesseract-ocr-cym\n'
    )
    expect(result.stdout).toBe('')
  })

  it('refuses what is not a Tesseract language code', () => {
    const result = recto('text', pdf, '--ocr', '--ocr-lang', 'czech')
    expect(result.status).toBe(2)
    expect(result.stderr).toContain("--ocr-lang: 'czech' is not a Tesseract language code")
  })

  it('says which backend names there are when given another', () => {
    const result = recto('text', pdf, '--ocr', '--ocr-backend', 'abbyy')
    expect(result.status).toBe(2)
    expect(result.stderr).toContain("--ocr-backend: 'abbyy' is not one of tesseract, tesseract.js")
  })
})

describe('recto ingest --ocr', { timeout: OCR_TIMEOUT }, () => {
  it('OCRs just the image-only page, keeps its text layer beside it, and never reads it twice', () => {
    const db = join(dir, 'project.sqlite')
    const first = recto('ingest', pdf, '--db', db, '--ocr')
    expect(first.status).toBe(0)
    expect(first.stdout).toMatch(/^OCR: 1 of 1 pages read, 0 failed; [\d.]+ s$/m)
    const store = openDatabaseReadOnly(db)
    try {
      const plain = analysisOf(pdf).pages
      expect(readLayout(store, 1, 1)).toEqual(plain[0]?.layout)
      // The store lists a page's flags by code.
      const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code)
      const text = getPage(store, 1, 1)?.analysis
      expect({ ...text, flags: [...(text?.flags ?? [])].sort(byCode) }).toEqual({
        ...plain[0]?.analysis,
        flags: [...(plain[0]?.analysis.flags ?? [])].sort(byCode)
      })
      const scan = readLayout(store, 1, 2)
      expect(scan?.blocks.length).toBeGreaterThan(0)
      expect(scan?.blocks.every((block) => block.source === 'ocr')).toBe(true)
      expect(scan?.ocr).toMatchObject({ scope: 'page', dpi: 300 })
      const page = getPage(store, 1, 2)
      expect(page?.analysis.decision).toBe('review')
      expect(page?.analysis.text).toContain('A scanned letter')
      expect(readTextLayer(store, 1, 1)).toBeUndefined()
      expect(readTextLayer(store, 1, 2)).toEqual({ text: '', layout: plain[1]?.layout })
    } finally {
      store.close()
    }
    const again = recto('ingest', pdf, '--db', db, '--ocr')
    expect(again.status).toBe(0)
    expect(again.stdout).not.toContain('OCR:')
  })
})
