import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ExtractError } from '../../src-main/extract/errors.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'

function reasonFor(path: string): string {
  try {
    closePdf(openPdf(readFileSync(path)))
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractError)
    return (error as ExtractError).reason
  }
  throw new Error(`${path} opened`)
}

describe('openPdf', () => {
  it('opens a PDF and counts its pages', () => {
    const file = openPdf(readFileSync(corpusPdf('pdfminer__dmca.pdf')))
    expect(file.pageCount).toBe(18)
    expect(file.repaired).toBe(false)
    closePdf(file)
  })

  it('refuses an HTML page named .pdf, which MuPDF would open as a web page', () => {
    expect(reasonFor(fixture('bad/web-page.pdf'))).toBe('not a PDF (an HTML page)')
  })

  it('refuses a text file', () => {
    expect(reasonFor(fixture('bad/notes.pdf'))).toBe('not a PDF (no %PDF- header)')
  })

  it('refuses a truncated PDF that repair cannot save', () => {
    expect(reasonFor(fixture('bad/truncated.pdf'))).toMatch(/^damaged beyond repair/)
  })

  it('refuses a PDF encrypted with a user password', () => {
    expect(reasonFor(corpusPdf('pdfplumber__password-example.pdf'))).toBe(
      'encrypted with an unknown password'
    )
  })

  it('opens a damaged file that MuPDF repairs (pdfminer 175: broken xref)', () => {
    const file = openPdf(readFileSync(corpusPdf('pdfminer__175.pdf')))
    expect(file.repaired).toBe(true)
    expect(file.pageCount).toBe(2)
    closePdf(file)
  })
})
