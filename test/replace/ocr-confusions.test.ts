import { describe, expect, it } from 'vitest'
import { suggestFix } from '../../src-main/replace/ocr-confusions.js'

const WORDS = new Set(['modern', 'clear', 'dear', 'will', 'the', 'burn'])
const known = (lower: string): boolean => WORDS.has(lower)

describe('OCR confusions', () => {
  it('swaps a common misreading back where that makes the word a word', () => {
    expect(suggestFix('rnodern', known)).toEqual({
      word: 'rnodern',
      fixed: 'modern',
      read: 'rn',
      meant: 'm'
    })
    expect(suggestFix('Rnodern', known)).toBeNull()
    expect(suggestFix('wi11', known)).toBeNull()
    expect(suggestFix('clear', known)).toBeNull()
    expect(suggestFix('bum', known)).toMatchObject({ fixed: 'burn', read: 'm', meant: 'rn' })
  })

  it('reads the letters in a number as the digits they look like', () => {
    expect(suggestFix('2O15', known)).toMatchObject({ fixed: '2015', read: 'O', meant: '0' })
    expect(suggestFix('l995', known)).toMatchObject({ fixed: '1995', read: 'l', meant: '1' })
    expect(suggestFix('1995', known)).toBeNull()
  })

  it('leaves a word it cannot make into a known one', () => {
    expect(suggestFix('xylograph', known)).toBeNull()
  })
})
