import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { PageCheck } from '../../src-main/shared/flags.js'
import { recto } from '../helpers/cli.js'
import { SCANNED_LETTER_WORDS, writePartScannedPdf } from '../helpers/part-scanned.js'

const dir = mkdtempSync(join(tmpdir(), 'recto-ocr-cli-'))
const pdf = writePartScannedPdf(dir)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('recto check --ocr / text --ocr', () => {
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

  it('says which backend names there are when given another', () => {
    const result = recto('text', pdf, '--ocr', '--ocr-backend', 'abbyy')
    expect(result.status).toBe(2)
    expect(result.stderr).toContain("--ocr-backend: 'abbyy' is not one of tesseract, tesseract.js")
  })
})
