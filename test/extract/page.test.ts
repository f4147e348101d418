import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { STEXT_OPTIONS } from '../../src-main/extract/page.js'
import { rawText } from '../../src-main/extract/raw-text.js'
import type { PageLayout } from '../../src-main/shared/layout.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

function spans(layout: PageLayout) {
  return layout.blocks.flatMap((b) => b.lines.flatMap((l) => l.spans))
}

function text(layout: PageLayout): string {
  return spans(layout)
    .map((s) => s.text)
    .join('')
}

describe('extractPage', () => {
  it('gives blocks, lines and spans with fonts and one x pair per code point', () => {
    const layout = layoutOf(corpusPdf('pdfjs__tracemonkey.pdf'))
    expect(layout).toMatchObject({ page: 1, width: 612, height: 792, rotation: 0 })
    const title = layout.blocks[0]?.lines[0]?.spans[0]
    expect(title?.text).toBe('Trace-based Just-in-Time Type Specialization for Dynamic')
    expect(title).toMatchObject({ font: 'TACTGM+NimbusRomNo9L-Medi', bold: true, size: 17.93 })
    for (const span of spans(layout)) {
      expect(span.charX.length).toBe(2 * [...span.text].length)
    }
    const authors = layout.blocks[2]?.lines[0]
    expect(authors?.spans.map((s) => s.text).slice(0, 3)).toEqual(['Andreas Gal', '∗', '+'])
  })

  it('maps a /Rotate 90 page to the unrotated page, origin top-left', () => {
    const layout = layoutOf(corpusPdf('olmocr__edgar-rotated90.pdf'))
    expect(layout).toMatchObject({ width: 612, height: 792, rotation: 90 })
    const line = layout.blocks[0]?.lines[0]
    expect(line?.spans[0]?.text).toBe('Edgar')
    expect(line?.dir).toEqual([1, 0])
    for (const block of layout.blocks) {
      const [x0, y0, x1, y1] = block.bbox
      expect(x0).toBeGreaterThanOrEqual(0)
      expect(y0).toBeGreaterThanOrEqual(0)
      expect(x1).toBeLessThanOrEqual(612)
      expect(y1).toBeLessThanOrEqual(792)
    }
    const wide = layoutOf(corpusPdf('pdfplumber__nics-background-checks-2015-11-rotated.pdf'))
    expect(wide).toMatchObject({ width: 1008, height: 612, rotation: 90 })
    expect(wide.blocks[1]?.lines[0]?.spans[0]?.text).toBe('NICS Firearm Background Checks')
  })

  it('takes text out of form XObjects', () => {
    const persian = layoutOf(corpusPdf('olmocr__ff3d6e051903fe5ca9bc172ece14964c5632_pg1.pdf'))
    expect(persian.formXObjectsWithText).toBe(1)
    expect(text(persian).replace(/\s/g, '').length).toBeGreaterThan(1500)
    // TAMReview draws its body text in a form XObject on every page but the first.
    const review = layoutOf(corpusPdf('pdfjs__TAMReview.pdf'), 2)
    expect(review.formXObjectsWithText).toBe(1)
    expect(text(review)).toContain('Technology')
    expect(review.fonts.map((f) => f.resource)).toContain('ARRS/F1')
  })

  it('counts invisible text (render mode 3) of an OCR layer, spaces left out', () => {
    const scan = layoutOf(corpusPdf('olmocr__small_page_size.pdf'))
    expect(scan.invisibleChars).toBe(2859)
    expect(scan.images.length).toBe(2)
    expect(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf')).invisibleChars).toBe(0)
    const made = layoutOf(fixture('pdfs/non-bmp-invisible.pdf'))
    expect(made.invisibleChars).toBe('CABhidden'.length)
    // The Supreme Court transcript draws only its runs of spaces invisibly.
    expect(layoutOf(corpusPdf('pdfplumber__scotus-transcript-p1.pdf')).invisibleChars).toBe(0)
  })

  it('keeps characters beyond the BMP whole', () => {
    const layout = layoutOf(fixture('pdfs/non-bmp-invisible.pdf'))
    const first = layout.blocks[0]?.lines[0]?.spans[0]
    expect(first?.text).toBe('A\u{1D400}B')
    expect(first?.charX.length).toBe(6)
  })

  it('describes the fonts of the page', () => {
    const layout = layoutOf(corpusPdf('pdfminer__issue-791-non-unicode-cmap.pdf'))
    expect(layout.fonts).toContainEqual({
      resource: 'F3',
      baseFont: 'ABCDEE+Arial',
      subtype: 'Type0',
      encoding: 'Identity-H/Adobe-Identity',
      hasToUnicode: false,
      embedded: true
    })
    expect(layout.fonts).toContainEqual({
      resource: 'F4',
      baseFont: 'Helvetica',
      subtype: 'Type1',
      encoding: 'WinAnsiEncoding',
      hasToUnicode: false,
      embedded: false
    })
  })

  it('marks vertical writing (wmode 1) of a Japanese page', () => {
    const layout = layoutOf(corpusPdf('pdfjs__issue6387.pdf'))
    const vertical = layout.blocks.flatMap((b) => b.lines).filter((l) => l.wmode === 1)
    expect(vertical.length).toBe(153)
    expect(vertical[0]).toMatchObject({ dir: [0, 1], spans: [{ text: 'あ' }] })
  })

  it('finds the image of a scanned page', () => {
    const layout = layoutOf(corpusPdf('olmocr__lincoln_letter.pdf'))
    expect(layout.blocks).toEqual([])
    expect(layout.images).toHaveLength(1)
    expect(layout.images[0]?.bbox).toEqual([0, 0, layout.width, layout.height])
  })
})

describe('rawText', () => {
  it("has the lines of MuPDF's own plain text of the page, in its order", () => {
    const path = corpusPdf('pdfminer__naacl06-shinyama.pdf')
    const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf')
    const page = doc.loadPage(1)
    const expected = page.toStructuredText(STEXT_OPTIONS).asText()
    doc.destroy()
    const lines = (text: string): string => text.replace(/\n+/g, '\n')
    expect(lines(rawText(layoutOf(path, 2)))).toBe(lines(expected))
  })
})
