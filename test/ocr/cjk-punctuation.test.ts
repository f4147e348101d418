import { describe, expect, it } from 'vitest'
import type { OcrWord } from '../../src-main/ocr/backend.js'
import { fullWidthMarks } from '../../src-main/ocr/cjk-punctuation.js'

/** Words of one line, as Tesseract's traditional Chinese model reads "董事會認為，公司". */
function line(...texts: string[]): OcrWord[] {
  return texts.map((text, i) => ({
    text,
    bbox: [i * 60, 0, i * 60 + 50, 50],
    confidence: 90,
    block: 0,
    paragraph: 0,
    line: 0
  }))
}

describe('fullWidthMarks', () => {
  it('gives a lone ASCII mark between Han words its full-width form', () => {
    const words = fullWidthMarks(line('董事', '會', '認為', ',', '公司', '?', 'です'))
    expect(words.map((word) => word.text).join('')).toBe('董事會認為，公司？です')
  })

  it('leaves marks beside Latin words or digits, and at a line’s end, as read', () => {
    const words = fullWidthMarks(line('ISO', ',', '9001', '認為', ','))
    expect(words.map((word) => word.text)).toEqual(['ISO', ',', '9001', '認為', ','])
  })
})
