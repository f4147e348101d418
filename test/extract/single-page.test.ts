import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { closePdf, extractPage, openPdf, rawText } from '../../src-main/extract/index.js'
import { extractPages } from '../../src-main/extract/single-page.js'
import { corpusPdf } from '../helpers/corpus.js'

function pageTexts(bytes: Uint8Array): string[] {
  const pdf = openPdf(bytes)
  try {
    return Array.from({ length: pdf.pageCount }, (_, i) => rawText(extractPage(pdf, i)))
  } finally {
    closePdf(pdf)
  }
}

describe('extractPages', () => {
  const source = readFileSync(corpusPdf('pdfbox__cweb.pdf'))
  const sourceTexts = pageTexts(source)

  it('makes a PDF of just the pages asked for, in that order, the same bytes every time', () => {
    const pdf = extractPages(source, [11, 3])
    expect(pageTexts(pdf)).toEqual([sourceTexts[10], sourceTexts[2]])
    expect(Buffer.from(extractPages(source, [11, 3])).equals(Buffer.from(pdf))).toBe(true)
  })

  it('returns bytes of its own, not a view into the WASM heap that MuPDF reuses', () => {
    const pdfs = Array.from({ length: 28 }, (_, i) => extractPages(source, [i + 1]))
    for (const pdf of pdfs) {
      expect(pdf.buffer.byteLength).toBe(pdf.byteLength)
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    }
    expect(pageTexts(pdfs[10]!)).toEqual([sourceTexts[10]])
  })

  it('refuses a page the document does not have', () => {
    expect(() => extractPages(source, [29])).toThrow('no page 29 (the document has 28)')
  })
})
