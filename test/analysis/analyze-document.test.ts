import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ExtractError } from '../../src-main/extract/errors.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { extractPage } from '../../src-main/extract/page.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { analyzePage } from '../../src-main/analysis/analyze-page.js'
import { documentStats } from '../../src-main/analysis/document-stats.js'
import { pageDigest } from '../../src-main/analysis/page-digest.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'
import { analysisOf } from '../helpers/pages.js'

describe('analyzeDocument', () => {
  it('gives a page the same analysis whether or not other pages were asked for', () => {
    const file = openPdf(readFileSync(corpusPdf('pdfminer__dmca.pdf')))
    try {
      const whole = analyzeDocument(file)
      const part = analyzeDocument(file, [2, 5])
      expect(part.stats).toEqual(whole.stats)
      expect(part.pages.map((p) => p.layout.page)).toEqual([2, 5])
      expect(part.pages[1]?.analysis).toEqual(whole.pages[4]?.analysis)
    } finally {
      closePdf(file)
    }
  })

  it('splits into per-page extraction, a document pass over digests, and per-page analysis', () => {
    const file = openPdf(readFileSync(corpusPdf('pdfbox__eu-001.pdf')))
    try {
      const layouts = Array.from({ length: file.pageCount }, (_, i) => extractPage(file, i))
      const stats = documentStats(layouts.map(pageDigest))
      const staged = layouts.map((layout) => analyzePage(layout, stats))
      expect(staged).toEqual(analyzeDocument(file).pages.map((p) => p.analysis))
      expect(staged[0]?.order).toHaveLength(layouts[0]?.blocks.length ?? -1)
      expect(staged[0]?.text).toContain('\n\n')
    } finally {
      closePdf(file)
    }
  })
})

describe('analyzeDocument with a damaged page', () => {
  it('keeps the page, empty, for OCR, and leaves it out of the median page size', () => {
    const { stats, pages } = analysisOf(fixture('pdfs/damaged-page.pdf'))
    expect(pages.map((p) => [p.analysis.decision, p.analysis.quality])).toEqual([
      ['ok', 1],
      ['ocr', 0],
      ['ok', 1]
    ])
    expect(pages[1]?.analysis.text).toBe('')
    expect(pages[2]?.analysis.text).toBe('Page three of the damaged page test')
    // 27 and 29 characters; counting the damaged page's 0 would make the median 27.
    expect(stats.medianChars).toBe(28)
  })

  it('fails a document none of whose pages can be read, as damaged beyond repair', () => {
    expect(() => analysisOf(fixture('bad/all-pages-damaged.pdf'))).toThrow(
      new ExtractError('all 3 pages are damaged (page 1: object is not a stream)')
    )
  })
})
