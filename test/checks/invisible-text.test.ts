import { describe, expect, it } from 'vitest'
import { invisibleText } from '../../src-main/checks/invisible-text.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('invisible_text', () => {
  it('asks for review of a page whose text is an invisible OCR layer', () => {
    const [flag] = invisibleText(checkInput(layoutOf(corpusPdf('olmocr__small_page_size.pdf'))))
    expect(flag).toMatchObject({ code: 'invisible_text', severity: 'warn' })
    expect(flag?.message).toBe(
      '100% of the characters are invisible (render mode 3): an OCR layer of unknown quality'
    )
  })

  it('asks for review of a page whose text lies under the scan drawn over it', () => {
    const layout = layoutOf(corpusPdf('olmocr__ff518b1240a66978f22035528ccb029450b5_pg2.pdf'))
    const [flag] = invisibleText(checkInput(layout))
    expect(flag).toMatchObject({ code: 'invisible_text', severity: 'warn' })
    expect(flag?.message).toMatch(
      /^9\d% of the characters are hidden under a picture drawn over them: an OCR layer/
    )
    expect(flag?.evidence).toMatchObject({ invisible: 0 })
  })

  it('keeps text drawn over a picture, and text beside one', () => {
    // A heading drawn over its shaded bar; figures and a scan drawn under their captions.
    for (const [name, page] of [
      ['docling__normal_4pages.pdf', 1],
      ['pdfplumber__federal-register-2020-17221.pdf', 8],
      ['olmocr__edgar-rotated90.pdf', 1]
    ] as const) {
      expect(layoutOf(corpusPdf(name), page).coveredChars).toBe(0)
    }
  })

  it('notes a few invisible characters on an ordinary page', () => {
    const [flag] = invisibleText(
      checkInput(layoutOf(corpusPdf('pdfplumber__scotus-transcript-p1.pdf')))
    )
    expect(flag?.severity).toBe('info')
    expect(flag?.evidence).toMatchObject({ invisible: 82 })
    expect(invisibleText(checkInput(layoutOf(corpusPdf('pdfminer__dmca.pdf'))))).toEqual([])
  })
})
