import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPdf } from '../../src-main/extract/open.js'
import { TesseractJsBackend } from '../../src-main/ocr/tesseract-js.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { backendLines, type LineRecognizer } from '../../src-main/repair/recognizer.js'
import { repairDocument } from '../../src-main/repair/repair-document.js'
import { characterErrorRate } from '../../src-main/error-rate/error-rate.js'
import { fontMapPdf } from '../helpers/font-map-pdf.js'

/**
 * A page whose only f's are in ﬁ and ﬂ glyphs: the font has no f of its own whose width would
 * tell a ligature from its last letter, so the letters OCR reads are the only evidence.
 */
const DRAWN = [
  'The ﬁgure on this page was drawn by a ﬁrm hand. Reviewers conﬁrm each ﬁeld and ﬁle the ' +
    'results in the ﬁnal report. A ﬂag marks every ﬂawed line, and the ﬂow in the text stays ' +
    'as it was. Proﬁles show the same shape: the ﬁne hook joins the dot on the i, and the ﬂat ' +
    'top meets the ascender in the l. Then the text is transﬁgured into words again.'
]
const TRUTH = DRAWN[0]!.replace(/ﬁ/g, 'fi').replace(/ﬂ/g, 'fl')

const words = (text: string): string[] => text.match(/\p{L}+/gu) ?? []

describe('font repair of ligature glyphs in a font without a plain f', () => {
  let recognizer: LineRecognizer
  let repaired: string

  beforeAll(async () => {
    recognizer = backendLines(new TesseractJsBackend())
    const bytes = fontMapPdf('missing', DRAWN)
    const before = analyzeDocument(openPdf(bytes))
    const repair = await repairDocument(
      bytes,
      before.pages.map((page) => page.layout),
      recognizer
    )
    repaired = analyzeDocument(openPdf(repair.bytes)).pages[0]!.analysis.text
  }, 120_000)

  afterAll(async () => {
    await recognizer.close()
  })

  it('gives each ligature glyph all its letters', () => {
    const read = new Set(words(repaired))
    const wanted = words(TRUTH).filter((w) => /f[il]/.test(w))
    expect(wanted.filter((w) => !read.has(w))).toEqual([])
  })

  it('reads the page as drawn, the letters around each ligature kept', () => {
    expect(characterErrorRate(TRUTH, repaired).rate).toBeLessThan(0.01)
  })
})
