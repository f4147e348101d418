import { describe, expect, it } from 'vitest'
import { decide, quality } from '../../src-main/checks/decide.js'
import { analysisOf } from '../helpers/pages.js'
import { corpusPdf } from '../helpers/corpus.js'

describe('decision and quality', () => {
  it('sends scans to OCR with quality 0', () => {
    const [page] = analysisOf(corpusPdf('ocrmypdf__linn.pdf')).pages
    expect(page?.analysis).toMatchObject({ decision: 'ocr', quality: 0 })
  })

  it('passes a clean page and asks review for a warning', () => {
    const [clean] = analysisOf(corpusPdf('docling__2305.03393v1-pg9.pdf')).pages
    expect(clean?.analysis.decision).toBe('ok')
    expect(clean?.analysis.quality).toBeGreaterThan(0.9)
    const warn = { code: 'empty_page', severity: 'warn', message: '', evidence: {} } as const
    const note = { code: 'ligatures', severity: 'info', message: '', evidence: {} } as const
    expect(decide([note])).toBe('ok')
    expect(decide([note, warn])).toBe('review')
    expect(quality([warn])).toBeLessThan(quality([note]))
  })

  it('lowers quality by the share of unmapped characters', () => {
    const pages = analysisOf(corpusPdf('pymupdf__test_2791_content.pdf')).pages
    expect(pages.every((p) => p.analysis.decision === 'ocr')).toBe(true)
    expect(Math.max(...pages.map((p) => p.analysis.quality))).toBeLessThan(0.1)
  })
})
