import { describe, expect, it } from 'vitest'
import { emptyPage } from '../../src-main/checks/empty-page.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('empty_page', () => {
  it('flags a page with no text and no images', () => {
    const [flag] = emptyPage(checkInput(layoutOf(fixture('pdfs/empty-page.pdf'))))
    expect(flag).toMatchObject({ code: 'empty_page', severity: 'warn' })
    // Page 17 of the docling sample is blank in the corpus too.
    const corpusBlank = layoutOf(corpusPdf('docling__redp5110_sampled.pdf'), 17)
    expect(emptyPage(checkInput(corpusBlank))).toHaveLength(1)
  })

  it('leaves scans and text pages to the other checks', () => {
    expect(emptyPage(checkInput(layoutOf(corpusPdf('ocrmypdf__linn.pdf'))))).toEqual([])
    expect(emptyPage(checkInput(layoutOf(corpusPdf('pdfminer__dmca.pdf'))))).toEqual([])
  })
})
