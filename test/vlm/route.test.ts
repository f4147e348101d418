import { describe, expect, it } from 'vitest'
import type { OcrSummary, PageLayout } from '../../src-main/shared/layout.js'
import type { PageAnalysis } from '../../src-main/shared/page.js'
import { vlmReason } from '../../src-main/vlm/route.js'
import { syntheticLayout } from '../helpers/store-pages.js'

const page = (extra: Partial<PageLayout> = {}): PageLayout => ({
  ...syntheticLayout(1, []),
  ...extra
})
const decided = (decision: PageAnalysis['decision']): PageAnalysis => ({
  order: [],
  roles: [],
  text: '',
  flags: [],
  decision,
  quality: 1
})
const ocr = (meanConfidence: number, lowConfidenceWords: number, words = 100): OcrSummary => ({
  backend: 'tesseract.js',
  dpi: 300,
  scope: 'page',
  words,
  meanConfidence,
  lowConfidenceWords
})

describe('which pages go to the vision model', () => {
  it('sends what OCR could not read, or read unsurely, and what still has no reading', () => {
    expect(vlmReason(page({ ocr: ocr(31, 80) }), decided('ocr'), 75)).toBe(
      'OCR read nothing usable'
    )
    expect(vlmReason(page({ ocr: ocr(68, 12) }), decided('review'), 75)).toBe(
      'OCR confidence 68 under 75'
    )
    expect(vlmReason(page(), decided('ocr'), 75)).toBe('no OCR reading')
    expect(vlmReason(page({ ocr: ocr(90, 2) }), decided('ocr'), 75)).toBe('rejected after OCR')
  })

  it('leaves alone text that reads, damaged pages, pages read already and blank scans', () => {
    expect(vlmReason(page(), decided('review'), 75)).toBeNull()
    expect(vlmReason(page({ ocr: ocr(91, 3) }), decided('review'), 75)).toBeNull()
    expect(vlmReason(page({ damage: 'object is not a stream' }), decided('ocr'), 75)).toBeNull()
    const read = { model: 'm', reason: 'r', lines: 1, aligned: 1, placed: 0, trusted: false }
    expect(vlmReason(page({ vlm: read }), decided('review'), 75)).toBeNull()
    expect(vlmReason(page({ ocr: ocr(0, 0, 0) }), decided('ok'), 75)).toBeNull()
  })
})
