import { describe, expect, it } from 'vitest'
import { emptyPage } from '../../src-main/checks/empty-page.js'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'
import { analysisOfBytes, madePdf, textLines } from '../helpers/made-pdf.js'
import { analysisOf, layoutOf } from '../helpers/pages.js'

/** Two Helvetica pages of a report with a blank page between them. */
function reportWithBlankPage(): Uint8Array {
  return madePdf((doc) => {
    const resources = { Font: { F1: doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin') } }
    const text = textLines('F1', 11, ['Chapter one ends on this page, and the next is left blank.'])
    return [
      { content: text, resources },
      { content: '', resources },
      { content: text.replace('one ends', 'two begins'), resources }
    ]
  })
}

describe('empty_page', () => {
  it('flags a page with no text and no images', () => {
    const [flag] = emptyPage(checkInput(layoutOf(fixture('pdfs/empty-page.pdf'))))
    expect(flag).toMatchObject({ code: 'empty_page', severity: 'warn' })
    expect(flag?.message).toBe(
      'no text and no images on the page (blank, or text drawn as vector outlines)'
    )
  })

  it('passes a blank page among pages of text with a note', () => {
    const blank = analysisOfBytes(reportWithBlankPage()).pages[1]?.analysis
    expect(blank?.decision).toBe('ok')
    expect(blank?.flags).toEqual([
      expect.objectContaining({
        code: 'empty_page',
        severity: 'info',
        message: "a blank page: no text and no images, where the document's other pages have text"
      })
    ])
    // Page 17 of the docling sample is the blank page between two sections.
    const corpusBlank = analysisOf(corpusPdf('docling__redp5110_sampled.pdf')).pages[16]?.analysis
    expect(corpusBlank?.decision).toBe('ok')
    expect(corpusBlank?.flags.map((f) => [f.code, f.severity])).toEqual([
      ['empty_page', 'info'],
      ['low_text', 'info']
    ])
  })

  it('leaves scans and text pages to the other checks', () => {
    expect(emptyPage(checkInput(layoutOf(corpusPdf('ocrmypdf__linn.pdf'))))).toEqual([])
    expect(emptyPage(checkInput(layoutOf(corpusPdf('pdfminer__dmca.pdf'))))).toEqual([])
  })
})
