import { describe, expect, it } from 'vitest'
import {
  isSpaceUnit,
  nonSpaceCodePoints,
  nonSpaceLength
} from '../../src-main/shared/whitespace.js'

describe('isSpaceUnit', () => {
  it('agrees with /\\s/ on every UTF-16 code unit', () => {
    const differ: number[] = []
    for (let unit = 0; unit <= 0xffff; unit++) {
      if (isSpaceUnit(unit) !== /\s/.test(String.fromCharCode(unit))) differ.push(unit)
    }
    expect(differ).toEqual([])
  })
})

describe('nonSpaceLength', () => {
  it('counts code units outside whitespace, as replace(/\\s/g, "").length does', () => {
    const text = ' a\u00a0b\tc\u2009𝑥\u3000\ufeffd\n'
    expect(nonSpaceLength(text)).toBe(text.replace(/\s/g, '').length)
    expect(nonSpaceLength(text)).toBe(6)
  })
})

describe('nonSpaceCodePoints', () => {
  it('counts code points outside whitespace, a surrogate pair as one, even with a space between its halves', () => {
    const text = ' a\u00a0b\tc\u2009𝑥\u3000\ufeffd\n\ud835 \udc65e'
    expect(nonSpaceCodePoints(text)).toBe([...text.replace(/\s+/gu, '')].length)
    expect(nonSpaceCodePoints(text)).toBe(7)
  })

  it('counts a lone surrogate as one, as the spread does: `pages.chars` of any raw text', () => {
    const texts = ['', ' \n\t', 'ab c', '𝐀 𝐁x', '\ud835 x\udc00', 'x\ud835', '\u00a0ﬁ\u2003“q”']
    for (const text of texts) {
      expect(nonSpaceCodePoints(text)).toBe([...text.replace(/\s+/gu, '')].length)
    }
    expect(nonSpaceCodePoints('𝐀 𝐁x')).toBe(3)
  })
})
