import { describe, expect, it } from 'vitest'
import { garbledText, letterProfile } from '../../src-main/checks/garbled-text.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

const flagged = (name: string, page = 1) => garbledText(checkInput(layoutOf(corpusPdf(name), page)))

describe('garbled_text', () => {
  it('flags a shifted-alphabet page by its letters, with the evidence', () => {
    const [flag] = flagged('olmocr__dolma-page-1.pdf')
    expect(flag).toMatchObject({ code: 'garbled_text', severity: 'error' })
    expect(flag?.message).toMatch(/^letters are not language: \d+% vowels/)
    expect(flag?.evidence['vowelShare']).toBeLessThan(0.15)
  })

  it('flags pages whose characters are mostly U+FFFD', () => {
    expect(flagged('pdfminer__issue-791-non-unicode-cmap.pdf')[0]?.message).toMatch(/U\+FFFD/)
    expect(flagged('pymupdf__test_2791_content.pdf', 2)).toHaveLength(1)
    expect(flagged('pdfjs__TAMReview.pdf', 2)).toHaveLength(1)
  })

  it('leaves clean English, Chinese, Korean, Arabic and Persian pages alone', () => {
    for (const name of [
      'pdfjs__tracemonkey.pdf',
      'pdfplumber__issue-67-example.pdf',
      'pymupdf__chinese-tables.pdf',
      'docling__normal_4pages.pdf',
      'docling__right_to_left_01.pdf',
      'olmocr__ff3d6e051903fe5ca9bc172ece14964c5632_pg1.pdf',
      'pypdf-samples__GeoTopo-komprimiert.pdf'
    ]) {
      expect(flagged(name), name).toEqual([])
    }
  })

  it('measures vowels on Latin letters, vowelless words without acronyms', () => {
    const profile = letterProfile('The quick brown fox jumps over the lazy dog HTML PDF')
    expect(profile.vowelShare).toBeCloseTo(12 / 42, 3)
    expect(profile.vowellessShare).toBe(0)
    expect(letterProfile('这是中文').letters).toBe(0)
  })
})
