import { describe, expect, it } from 'vitest'
import { lineTypeSize, wordTypeSize } from '../../src-main/ocr/glyph-size.js'

describe('wordTypeSize', () => {
  it('reads a size from ink by the letters that make it: capitals, x-height, descenders', () => {
    // Helvetica at 10 points: capitals 7.2 tall, "on" 5.3, "quay" 5.3 + 2.1 below.
    expect(wordTypeSize('The', 7.2)).toBeCloseTo(10, 1)
    expect(wordTypeSize('on', 5.3)).toBeCloseTo(10, 1)
    expect(wordTypeSize('quay', 7.4)).toBeCloseTo(10, 1)
    expect(wordTypeSize('Typing', 9.3)).toBeCloseTo(10, 1)
    expect(wordTypeSize('人工智能', 8.8)).toBeCloseTo(10, 1)
  })

  it('says nothing of a word of no letter or digit', () => {
    expect(wordTypeSize('—', 1)).toBeNull()
    expect(wordTypeSize('...', 1)).toBeNull()
  })
})

describe('lineTypeSize', () => {
  it('takes the middle of its words, so a speck read as a letter moves it little', () => {
    const line = [
      { text: 'The', height: 7.2 },
      { text: 'quay', height: 7.4 },
      { text: 'on', height: 5.3 },
      { text: 'o', height: 1.5 }
    ]
    expect(lineTypeSize(line)).toBeCloseTo(10, 0)
    expect(lineTypeSize([{ text: '—', height: 3 }])).toBe(3)
  })
})
