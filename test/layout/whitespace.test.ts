import { describe, expect, it } from 'vitest'
import { isSpaceUnit, nonSpaceLength } from '../../src-main/layout/whitespace.js'

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
