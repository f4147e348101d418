import { describe, expect, it } from 'vitest'
import { damagedPage } from '../../src-main/checks/damaged-page.js'
import { emptyPage } from '../../src-main/checks/empty-page.js'
import { lowText } from '../../src-main/checks/low-text.js'
import { pageFlags } from '../../src-main/checks/index.js'
import { checkInput } from '../helpers/check-input.js'
import { fixture } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('damaged_page', () => {
  const pdf = fixture('pdfs/damaged-page.pdf')
  const doc = { pageCount: 20, medianChars: 2000 }

  it('flags a page MuPDF could not read as an error, with the reason', () => {
    expect(damagedPage(checkInput(layoutOf(pdf, 2)))).toEqual([
      {
        code: 'damaged_page',
        severity: 'error',
        message: 'MuPDF could not read the page (object is not a stream); its text is missing',
        evidence: { damage: 'object is not a stream' }
      }
    ])
    expect(damagedPage(checkInput(layoutOf(pdf, 1)))).toEqual([])
  })

  it('is the only flag of a damaged page, where a blank page would get empty_page and low_text', () => {
    const input = checkInput(layoutOf(pdf, 2), doc)
    expect(emptyPage(input)).toHaveLength(1)
    expect(lowText(input)).toHaveLength(1)
    expect(pageFlags(input).map((f) => f.code)).toEqual(['damaged_page'])
  })
})
