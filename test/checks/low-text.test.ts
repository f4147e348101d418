import { describe, expect, it } from 'vitest'
import { lowText } from '../../src-main/checks/low-text.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOf, layoutOf } from '../helpers/pages.js'

describe('low_text', () => {
  it("compares a page with its document's median page", () => {
    const path = corpusPdf('pdfplumber__federal-register-2020-17221.pdf')
    const { stats } = analysisOf(path)
    expect(stats).toMatchObject({ pageCount: 15, medianChars: 2937 })
    const [figure] = lowText(checkInput(layoutOf(path, 8), stats))
    expect(figure).toMatchObject({ code: 'low_text', severity: 'warn' })
    expect(figure?.message).toBe(
      "219 characters, 7% of the document's median page (2937), with an image over 52% of the page"
    )
    expect(lowText(checkInput(layoutOf(path, 2), stats))).toEqual([])
  })

  it('only notes a short closing page, and ignores short documents', () => {
    const path = corpusPdf('pdfminer__dmca.pdf')
    const [closing] = lowText(checkInput(layoutOf(path, 18), { pageCount: 18, medianChars: 2067 }))
    expect(closing?.severity).toBe('info')
    expect(lowText(checkInput(layoutOf(path, 18), { pageCount: 2, medianChars: 2067 }))).toEqual([])
  })
})
