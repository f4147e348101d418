import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { extractPage } from '../../src-main/extract/page.js'
import { analyzeDocument } from '../../src-main/pipeline/analyze-document.js'
import { analyzePage } from '../../src-main/pipeline/analyze-page.js'
import { documentStats } from '../../src-main/pipeline/document-stats.js'
import { pageDigest } from '../../src-main/pipeline/page-digest.js'
import { corpusPdf } from '../helpers/corpus.js'

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
