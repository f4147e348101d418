import { describe, expect, it } from 'vitest'
import { normalizeText } from '../../src-main/layout/normalize.js'

describe('normalizeText', () => {
  it('splits ligatures, plains full-width and non-breaking forms, and tidies spaces', () => {
    expect(normalizeText('  di\uFB00erent\u00A0\uFB01les\t\tＡ１ \n next  line ')).toBe(
      'different files A1\nnext line'
    )
  })
})
