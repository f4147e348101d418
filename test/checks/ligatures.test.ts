import { describe, expect, it } from 'vitest'
import { ligatures } from '../../src-main/checks/ligatures.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('ligatures', () => {
  it('notes the ligature characters that the page text splits into letters', () => {
    const input = checkInput(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf')))
    const [flag] = ligatures(input)
    expect(flag).toMatchObject({ code: 'ligatures', severity: 'info' })
    expect(flag?.message).toMatch(/^\d+ ligature characters normalised to letters \(ﬁ→fi/)
    expect(input.rawText).toContain('difﬁcult')
    expect(input.text).toContain('difficult')
    expect(input.text).not.toMatch(/[\uFB00-\uFB06]/)
  })

  it('says nothing when there are none', () => {
    expect(ligatures(checkInput(layoutOf(corpusPdf('pdfminer__dmca.pdf'))))).toEqual([])
  })
})
