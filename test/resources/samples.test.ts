import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { FlagCode } from '../../src-main/shared/flags.js'
import { analysisOf } from '../helpers/pages.js'

const sample = (name: string): string =>
  fileURLToPath(new URL(`../../resources/samples/${name}`, import.meta.url))

function codes(name: string): Set<FlagCode> {
  return new Set(analysisOf(sample(name)).pages.flatMap((p) => p.analysis.flags.map((f) => f.code)))
}

describe('sample corpus', () => {
  it('has a scanned page that needs OCR', () => {
    const { pages } = analysisOf(sample('scanned-page.pdf'))
    expect(pages.map((p) => p.analysis.decision)).toEqual(['ocr'])
    expect(codes('scanned-page.pdf')).toContain('needs_ocr')
  })

  it('has a page whose font lost its Unicode map', () => {
    const [page] = analysisOf(sample('broken-font-map.pdf')).pages
    const flag = page?.analysis.flags.find((f) => f.code === 'unmapped_glyphs')
    expect(flag?.severity).toBe('error')
    expect(flag?.message).toMatch(/^97% of characters have no Unicode mapping/)
  })

  it('has readable text in the two-column article and the three-page report', () => {
    const article = analysisOf(sample('two-column-article.pdf')).pages[0]?.analysis.text ?? ''
    expect(article.startsWith('Reading order on a two-column page\n\n')).toBe(true)
    const report = analysisOf(sample('running-headers.pdf')).pages
    expect(report).toHaveLength(3)
    expect(report.every((p) => p.analysis.decision !== 'ocr')).toBe(true)
  })

  it('has a report whose running header and page footer alone are left out', () => {
    const pages = analysisOf(sample('running-headers.pdf')).pages
    pages.forEach(({ analysis }, i) => {
      const flag = analysis.flags.find((f) => f.code === 'header_footer')
      expect(flag?.evidence).toMatchObject({ headers: 1, footers: 1, stamps: 0 })
      expect(analysis.text.startsWith(`Section ${i + 1}: `)).toBe(true)
      expect(analysis.text).not.toContain('Quarterly review of extraction')
      expect(analysis.text).not.toContain(`Page ${i + 1} of 3`)
    })
  })

  it('has a two-page article in two columns with a running head and a page number', () => {
    const pages = analysisOf(sample('two-column-article.pdf')).pages
    expect(pages).toHaveLength(2)
    for (const { analysis } of pages) {
      expect(analysis.flags.map((f) => f.code)).toEqual(
        expect.arrayContaining(['multi_column', 'header_footer'])
      )
      const header = analysis.flags.find((f) => f.code === 'header_footer')
      expect(header?.evidence).toMatchObject({ headers: 1, footers: 1, stamps: 0 })
      expect(analysis.text).not.toContain('Recto sample article')
    }
  })
})
