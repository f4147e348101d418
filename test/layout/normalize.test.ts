import { describe, expect, it } from 'vitest'
import { normalizeText } from '../../src-main/layout/normalize.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOf } from '../helpers/pages.js'

describe('normalizeText', () => {
  it('splits ligatures, plains full-width and non-breaking forms, and tidies spaces', () => {
    expect(normalizeText('  di\uFB00erent\u00A0\uFB01les\t\tＡ１ \n next  line ')).toBe(
      'different files A1\nnext line'
    )
  })
})

describe('normalizeText quotes', () => {
  it('makes one double quote of two single ones, as TeX draws them', () => {
    expect(normalizeText('the term \u2018\u2018corporate\u2019\u2019 is')).toBe(
      'the term \u201ccorporate\u201d is'
    )
    expect(normalizeText('it\u2019s the \u2018one\u2019')).toBe('it\u2019s the \u2018one\u2019')
  })
})

describe('normalizeText signs', () => {
  it('reads TeX’s circled c as the copyright sign, on a real page too', () => {
    expect(normalizeText('Copyright c\u20dd 2009 ACM; R\u20dd is')).toBe(
      'Copyright © 2009 ACM; ® is'
    )
    const page = analysisOf(corpusPdf('pdfjs__tracemonkey.pdf')).pages[0]!.analysis.text
    expect(page).toMatch(/Copyright © 2009/)
  })
})
