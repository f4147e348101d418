import { describe, expect, it } from 'vitest'
import { formXObject } from '../../src-main/checks/form-xobject.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('form_xobject', () => {
  it('notes text that came from a form XObject, and the text is there', () => {
    const input = checkInput(
      layoutOf(corpusPdf('olmocr__ff3d6e051903fe5ca9bc172ece14964c5632_pg1.pdf'))
    )
    expect(formXObject(input)).toEqual([
      {
        code: 'form_xobject',
        severity: 'info',
        message: 'text drawn inside 1 form XObject',
        evidence: { forms: 1 }
      }
    ])
    expect(input.text.replace(/\s/g, '').length).toBeGreaterThan(1500)
  })

  it('says nothing for a page drawn directly', () => {
    expect(formXObject(checkInput(layoutOf(corpusPdf('pdfminer__dmca.pdf'))))).toEqual([])
  })
})
