import { describe, expect, it } from 'vitest'
import { isProse } from '../../src-main/shared/prose.js'

/** The rule as it was first written with regexes: words, letters without white space. */
function proseByPatterns(text: string): boolean {
  const words = text.match(/\p{L}{2,}/gu) ?? []
  const solid = text.replace(/\s+/gu, '')
  const letters = (solid.match(/\p{L}/gu) ?? []).length
  return words.length >= 2 && letters >= 0.6 * solid.length
}

describe('isProse', () => {
  it('tells a line of words from a formula, a number and a label', () => {
    expect(isProse('The railway reached the town late on Friday')).toBe(true)
    expect(isProse('Die Eisenbahn erreichte die Stadt am späten Freitag')).toBe(true)
    expect(isProse('Железная дорога дошла до города')).toBe(true)
    expect(isProse('x = (a + b)² / 2c − 4')).toBe(false)
    expect(isProse('1,234,567.89 2,345.00')).toBe(false)
    expect(isProse('Figure 12')).toBe(false)
    expect(isProse('𝐀𝐁 𝐂𝐃 bold mathematical letters')).toBe(true)
  })

  it('answers as the patterns do on mixed scripts, marks, astral characters and lone surrogates', () => {
    const alphabet = [
      'a',
      'B',
      '1',
      ' ',
      '\u00a0',
      '\u2009',
      '\ufeff',
      '\t',
      'é',
      'e\u0301',
      '𝐀',
      '\ud835',
      '\udc00',
      '𝟙',
      'ж',
      'ا',
      '中',
      '-',
      '.',
      '\u3000',
      'ª',
      '\u2028',
      'µ'
    ]
    let seed = 41
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n
    const differ: string[] = []
    for (let k = 0; k < 20000; k++) {
      let text = ''
      for (let j = next(30); j > 0; j--) text += alphabet[next(alphabet.length)]
      if (isProse(text) !== proseByPatterns(text)) differ.push(text)
    }
    expect(differ).toEqual([])
    // Halves of a surrogate pair with white space between are one letter once it is taken out.
    const text = 'ab cd \ud835 \udc00\ud835 \udc00 1'
    expect(isProse(text)).toBe(proseByPatterns(text))
  })
})
