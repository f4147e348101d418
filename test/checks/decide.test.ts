import { describe, expect, it } from 'vitest'
import { decide, quality } from '../../src-main/checks/decide.js'
import { ocrText } from '../../src-main/checks/ocr-text.js'
import { checkInput } from '../helpers/check-input.js'
import { syntheticLayout } from '../helpers/store-pages.js'
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

describe('OCR confidence in decision and quality', () => {
  const ocrLayout = (meanConfidence: number, words: number, lowConfidenceWords: number) => {
    const layout = syntheticLayout(1, ['A page read by OCR'])
    return {
      ...layout,
      ocr: {
        backend: 'tesseract',
        dpi: 300,
        scope: 'page' as const,
        words,
        meanConfidence,
        lowConfidenceWords
      }
    }
  }
  const judged = (meanConfidence: number, words: number, low: number) => {
    const flags = ocrText(checkInput(ocrLayout(meanConfidence, words, low)))
    return { decision: decide(flags), quality: quality(flags), flag: flags[0] }
  }

  it('sends an upside-down scan read at 26 back to OCR, far below a clean one read at 95', () => {
    const upsideDown = judged(26, 600, 560)
    const clean = judged(95, 300, 6)
    expect(upsideDown.decision).toBe('ocr')
    expect(upsideDown.flag?.message).toMatch(/too unsure to use; turn the page or OCR it again$/)
    expect(clean.decision).toBe('review')
    expect(clean.quality).toBeCloseTo(0.7 * 0.95 * (1 - 6 / 300), 3)
    expect(upsideDown.quality).toBeLessThan(0.01)
  })

  it('counts half the words under 60 as unusable even at a fair mean', () => {
    expect(judged(70, 100, 50).decision).toBe('ocr')
    expect(judged(70, 100, 49).decision).toBe('review')
    expect(judged(49.9, 100, 0).decision).toBe('ocr')
    expect(judged(88, 100, 10).quality).toBeGreaterThan(judged(60, 100, 10).quality)
  })
})
