import { describe, expect, it } from 'vitest'
import { withOcr } from '../../src-main/ocr/ocr-layout.js'
import type { PageWord } from '../../src-main/ocr/page-words.js'
import { analyzePage } from '../../src-main/analysis/analyze-page.js'
import type { PageLayout } from '../../src-main/shared/layout.js'
import { answerBlocks } from '../../src-main/vlm/answer-text.js'
import { vlmText } from '../../src-main/checks/vlm-text.js'
import { withVlm } from '../../src-main/vlm/vlm-layout.js'
import { checkInput } from '../helpers/check-input.js'
import { syntheticLayout } from '../helpers/store-pages.js'

const SCAN: PageLayout = {
  ...syntheticLayout(1, []),
  width: 595,
  height: 842,
  images: [{ bbox: [0, 0, 595, 842], width: 2480, height: 3508 }]
}

/** OCR's words of a handwritten letter: the lines found, their words mostly misread. */
function ocrd(lines: readonly (readonly string[])[]): PageLayout {
  const words: PageWord[] = lines.flatMap((line, l) =>
    line.map((text, w) => ({
      text,
      bbox: [60 + w * 80, 100 + l * 30, 130 + w * 80, 118 + l * 30] as const,
      confidence: 30,
      paragraph: 0,
      line: l
    }))
  )
  return withOcr(SCAN, { backend: 'tesseract.js', dpi: 300, scope: 'page', words })
}

describe('the model’s reading as the page’s layout', () => {
  it('lays its lines on the lines OCR found, and drops OCR’s summary with OCR’s blocks', () => {
    const page = ocrd([
      ['Dcar', 'Sir,'],
      ['l', 'wrlte', 'tu', 'tell'],
      ['~~', '..'],
      ['yours', 'truly']
    ])
    const answer = answerBlocks('Dear Sir,\nI write to tell you\nof the new mill\nyours truly')
    const layout = withVlm(
      page,
      analyzePage(page, { pageCount: 1, medianChars: 0 }).order,
      answer,
      {
        model: 'olmocr',
        reason: 'OCR read nothing usable',
        trusted: false
      }
    )
    expect(layout.ocr).toBeUndefined()
    expect(layout.vlm).toEqual({
      model: 'olmocr',
      reason: 'OCR read nothing usable',
      lines: 4,
      aligned: 4,
      placed: 0,
      trusted: false
    })
    const lines = layout.blocks.flatMap((block) => block.lines)
    expect(lines.map((line) => [line.spans[0]!.text, line.bbox[1]])).toEqual([
      ['Dear Sir,', 100],
      ['I write to tell you', 130],
      ['of the new mill', 160],
      ['yours truly', 190]
    ])
    expect(layout.blocks.every((block) => block.source === 'vlm')).toBe(true)
    const input = checkInput(layout)
    expect(input.text).toBe('Dear Sir, I write to tell you of the new mill yours truly')
    expect(vlmText(input)).toEqual([
      expect.objectContaining({
        code: 'vlm_text',
        severity: 'warn',
        message:
          '4 lines read by the vision model olmocr (OCR read nothing usable); 4 laid on lines OCR found'
      })
    ])
  })

  it('makes its Markdown headings headings of the page', () => {
    const layout = withVlm(
      SCAN,
      [],
      answerBlocks('# Annual report\n\nThe year went well.\nSales rose.'),
      {
        model: 'm',
        reason: 'no OCR reading',
        trusted: true
      }
    )
    const analysis = analyzePage(layout, { pageCount: 1, medianChars: 0 })
    expect(analysis.roles).toEqual(['heading', 'body'])
    expect(analysis.text).toBe('Annual report\n\nThe year went well. Sales rose.')
    expect(analysis.decision).toBe('ok')
  })
})
