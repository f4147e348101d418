import { afterAll, describe, expect, it } from 'vitest'
import { ocrPage, ocrScope } from '../../src-main/ocr/cascade.js'
import { lazyThread } from '../../src-main/ocr/lazy-thread.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { readFileSync } from 'node:fs'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOf } from '../helpers/pages.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 180_000

const thread = lazyThread(null)
afterAll(() => thread.close())

describe('ocrScope', () => {
  it('reads a whole scan, only the line pictures of a text_images page, and nothing else', () => {
    const [scan] = analysisOf(corpusPdf('ocrmypdf__linn.pdf')).pages
    expect(ocrScope(scan!.layout, scan!.analysis)).toBeNull()
    const toc = analysisOf(corpusPdf('pymupdf__test_3842.pdf')).pages
    const regions = ocrScope(toc[7]!.layout, toc[7]!.analysis)
    expect(regions).toHaveLength(3)
    expect(ocrScope(toc[8]!.layout, toc[8]!.analysis)).toBeUndefined()
  })
})

describe('ocrPage on text_images', { timeout: OCR_TIMEOUT }, () => {
  it('reads the pictured contents lines and slots them into the reading order', async () => {
    const file = corpusPdf('pymupdf__test_3842.pdf')
    const pdf = openPdf(readFileSync(file))
    const analysis = (() => {
      try {
        return analyzeDocument(pdf, [8])
      } finally {
        closePdf(pdf)
      }
    })()
    const page = analysis.pages[0]!
    expect(page.analysis.text).not.toContain('Virtualized')
    const read = await ocrPage(thread.get, file, page, analysis.stats, { languages: ['eng'] })
    const text = read!.analysis.text
    const at = (words: string) => text.indexOf(words)
    // Up to "HPC": tesseract.js reads the letter-spaced "Environments" after it as
    // "ENVIrONM ENTS", where Debian's tesseract reads it whole; the order is what is tested.
    expect(at('Appendix A. HPC Architecture Variants')).toBeGreaterThan(-1)
    expect(at('Virtualized and Containerized HPC')).toBeGreaterThan(
      at('Appendix A. HPC Architecture Variants')
    )
    expect(at('Cloud HPC')).toBeGreaterThan(at('Virtualized and Containerized HPC'))
    expect(at('Cloud HPC')).toBeLessThan(at('List of Figures'))
    // The text layer's blocks are all still there, the OCR'd ones after them.
    expect(read!.layout.blocks.slice(0, page.layout.blocks.length)).toEqual(page.layout.blocks)
    expect(read!.layout.ocr).toMatchObject({ scope: 'regions' })
  })
})
