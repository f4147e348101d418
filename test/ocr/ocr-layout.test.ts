import { describe, expect, it } from 'vitest'
import { ocrText } from '../../src-main/checks/ocr-text.js'
import { analyzePage } from '../../src-main/analysis/analyze-page.js'
import { withOcr, type PageOcr } from '../../src-main/ocr/ocr-layout.js'
import { lineDirection, placeWords, shownBox, unrotatedBox } from '../../src-main/ocr/page-words.js'
import type { BBox } from '../../src-main/shared/layout.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

const word = (
  text: string,
  bbox: BBox,
  confidence: number,
  paragraph: number,
  line: number,
  dir: readonly [number, number] = [1, 0]
) => ({ text, bbox, confidence, paragraph, line, dir })

const scanOcr: PageOcr = {
  backend: 'tesseract',
  dpi: 300,
  scope: 'page',
  words: [
    word('The', [72, 100, 94, 112], 96, 0, 0),
    word('LinnSequencer', [98, 100, 180, 114], 90, 0, 0),
    word('is', [72, 116, 80, 128], 40, 0, 1),
    word('Features', [72, 200, 130, 214], 93, 1, 2)
  ]
}

describe('withOcr', () => {
  const scan = layoutOf(corpusPdf('ocrmypdf__linn.pdf'))

  it('makes OCR paragraphs blocks, lines lines and words spans, with source and confidence', () => {
    const layout = withOcr(scan, scanOcr)
    expect(scan.blocks).toEqual([])
    expect(layout.blocks.map((b) => [b.id, b.source, b.lines.length])).toEqual([
      [0, 'ocr', 2],
      [1, 'ocr', 1]
    ])
    const [first] = layout.blocks[0]!.lines
    expect(first!.spans.map((s) => [s.text, s.confidence])).toEqual([
      ['The ', 96],
      ['LinnSequencer', 90]
    ])
    expect(first!.bbox).toEqual([72, 100, 180, 114])
    expect(layout.images).toEqual(scan.images)
    const { text, decision } = analyzePage(layout, { pageCount: 1, medianChars: 0 })
    expect(text).toBe('The LinnSequencer is\n\nFeatures')
    expect(decision).toBe('review')
  })

  it('sums up the words by length-weighted confidence, counting the doubtful ones', () => {
    expect(withOcr(scan, scanOcr).ocr).toEqual({
      backend: 'tesseract',
      dpi: 300,
      scope: 'page',
      words: 4,
      // (96·3 + 90·13 + 40·2 + 93·8) / 26 = 87.77
      meanConfidence: 87.8,
      lowConfidenceWords: 1
    })
  })

  it('adds region OCR after the text layer, with ids the layout does not use yet', () => {
    const page = layoutOf(corpusPdf('pymupdf__test_3842.pdf'), 7)
    const layout = withOcr(page, { ...scanOcr, scope: 'regions' })
    const last = Math.max(...page.blocks.map((b) => b.id))
    expect(layout.blocks.slice(0, page.blocks.length)).toEqual(page.blocks)
    expect(layout.blocks.slice(page.blocks.length).map((b) => b.id)).toEqual([last + 1, last + 2])
  })
})

describe('ocr_text', () => {
  it('says the page was OCR’d, how sure the engine was, and asks for review', () => {
    const layout = withOcr(layoutOf(corpusPdf('ocrmypdf__linn.pdf')), scanOcr)
    expect(ocrText(checkInput(layout))).toEqual([
      {
        code: 'ocr_text',
        severity: 'warn',
        message:
          '4 words read by OCR from the page (tesseract, 300 dpi), mean confidence 87.8; 1 word below 60',
        evidence: layout.ocr
      }
    ])
    expect(ocrText(checkInput(layoutOf(corpusPdf('ocrmypdf__linn.pdf'))))).toEqual([])
  })
})

describe('placeWords', () => {
  it('turns image pixels into points of the unrotated page, for every /Rotate', () => {
    const box: BBox = [10, 20, 30, 25]
    for (const rotation of [0, 90, 180, 270]) {
      const frame = { width: 600, height: 800, rotation }
      expect(unrotatedBox(shownBox(box, frame), frame)).toEqual(box)
    }
    const words = [
      {
        text: 'x',
        bbox: [100, 50, 200, 75] as const,
        confidence: 91.26,
        block: 0,
        paragraph: 0,
        line: 0
      }
    ]
    const frame = { width: 600, height: 800, rotation: 0 }
    // 300 dpi: 25/6 pixels a point; the image's corner sits at (72, 36) on the page.
    const scale = 300 / 72
    const toShown = (b: readonly number[]): BBox => [
      72 + b[0]! / scale,
      36 + b[1]! / scale,
      72 + b[2]! / scale,
      36 + b[3]! / scale
    ]
    expect(placeWords(words, toShown, frame, { paragraphs: 2, lines: 5 })).toEqual([
      { text: 'x', bbox: [96, 48, 120, 54], confidence: 91.3, paragraph: 2, line: 5, dir: [1, 0] }
    ])
  })
})

describe('OCR words of other scripts and turned pages', () => {
  const spansOf = (ocr: PageOcr) =>
    withOcr(layoutOf(corpusPdf('ocrmypdf__linn.pdf')), ocr).blocks[0]!.lines[0]!.spans
  const page = (words: PageOcr['words']): PageOcr => ({
    backend: 'tesseract.js',
    dpi: 300,
    scope: 'page',
    words
  })

  it('joins Chinese and Japanese words with no space, full-width punctuation kept', () => {
    const spans = spansOf(
      page([
        word('董事会认为', [10, 10, 60, 22], 95, 0, 0),
        word('，', [60, 10, 66, 22], 95, 0, 0),
        word('公司', [66, 10, 86, 22], 95, 0, 0),
        word('ok', [90, 10, 100, 22], 95, 0, 0)
      ])
    )
    expect(spans.map((span) => span.text).join('')).toBe('董事会认为，公司 ok')
  })

  it('lays Arabic letters from the right edge of their word, as a text layer draws them', () => {
    const [span] = spansOf(page([word('هذا', [30, 10, 60, 22], 95, 0, 0)]))
    expect(span!.charX).toEqual([50, 60, 40, 50, 30, 40])
  })

  it('gives the lines of a page turned inside its image the way they run on the page', () => {
    expect(lineDirection(0, 0)).toEqual([1, 0])
    // Scanned a quarter turn clockwise: turned back by 270, its lines run down the page.
    expect(lineDirection(270, 0)).toEqual([0, 1])
    expect(lineDirection(90, 0)).toEqual([0, -1])
    expect(lineDirection(180, 0)).toEqual([-1, 0])
    // The same scan on a page the viewer turns back by /Rotate 90 runs left to right as shown.
    expect(lineDirection(270, 90)).toEqual([1, 0])
    const line = withOcr(
      layoutOf(corpusPdf('ocrmypdf__linn.pdf')),
      page([word('down', [10, 10, 22, 60], 95, 0, 0, [0, 1])])
    ).blocks[0]!.lines[0]!
    expect(line.dir).toEqual([0, 1])
    // Its size is measured across the line, the box's width: 12 points of ink from the top of
    // the "d" to the baseline, 0.72 of the type's size.
    expect(line.spans[0]!.size).toBe(16.7)
  })
})
