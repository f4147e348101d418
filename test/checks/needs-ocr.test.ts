import { describe, expect, it } from 'vitest'
import { needsOcr } from '../../src-main/checks/needs-ocr.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('needs_ocr', () => {
  it.each(['olmocr__lincoln_letter.pdf', 'ocrmypdf__linn.pdf', 'pdfminer__175.pdf'])(
    'flags the image-only page of %s',
    (name) => {
      const [flag] = needsOcr(checkInput(layoutOf(corpusPdf(name))))
      expect(flag).toMatchObject({ code: 'needs_ocr', severity: 'error' })
      expect(flag?.message).toBe('no text layer: the page is an image (covering 100% of it)')
      expect(flag?.evidence).toMatchObject({ chars: 0, imageCoverage: 1 })
    }
  )

  it('flags a few characters over a full-page picture of text', () => {
    const [flag] = needsOcr(checkInput(layoutOf(corpusPdf('olmocr__test-graphical-text.pdf'))))
    expect(flag?.message).toBe('only 50 characters of text on a page whose image covers 100% of it')
  })

  it('leaves a page with an OCR layer and a figure page with captions alone', () => {
    expect(needsOcr(checkInput(layoutOf(corpusPdf('olmocr__small_page_size.pdf'))))).toEqual([])
    const figure = layoutOf(corpusPdf('pdfplumber__federal-register-2020-17221.pdf'), 8)
    expect(needsOcr(checkInput(figure))).toEqual([])
  })
})
