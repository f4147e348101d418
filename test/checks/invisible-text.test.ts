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

  it('notes a few invisible characters on an ordinary page', () => {
    const [flag] = invisibleText(
      checkInput(layoutOf(corpusPdf('pdfplumber__scotus-transcript-p1.pdf')))
    )
    expect(flag?.severity).toBe('info')
    expect(flag?.evidence).toMatchObject({ invisible: 82 })
    expect(invisibleText(checkInput(layoutOf(corpusPdf('pdfminer__dmca.pdf'))))).toEqual([])
  })
})
