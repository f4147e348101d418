import { describe, expect, it } from 'vitest'
import { findMatches, queryError, replaceMatches } from '../../src-main/replace/text-query.js'

const literal = (pattern: string, caseSensitive = true) => ({
  pattern,
  regex: false,
  caseSensitive
})
const regex = (pattern: string, caseSensitive = true) => ({ pattern, regex: true, caseSensitive })

describe('a text query', () => {
  it('takes a literal pattern as it is, characters of expressions included', () => {
    expect(findMatches('cost (net) $5.00 or 5a00', literal('$5.00')).map((m) => m.match)).toEqual([
      '$5.00'
    ])
    expect(replaceMatches('a (b) a (b)', literal('(b)'), '$1')).toBe('a $1 a $1')
  })

  it('matches case-insensitively when asked, and gives each match its context on its line', () => {
    const text = 'First line\nthe Modern plan and the modern office\nlast'
    const found = findMatches(text, literal('modern', false))
    expect(found.map((m) => [m.before, m.match, m.after])).toEqual([
      ['the ', 'Modern', ' plan and the modern office'],
      ['the Modern plan and the ', 'modern', ' office']
    ])
  })

  it("replaces with a regular expression's groups", () => {
    expect(replaceMatches('rnodern rnore', regex('rn(\\w+)'), 'm$1')).toBe('modern more')
    expect(replaceMatches('2O15', regex('(?<y>\\d)O'), '$<y>0')).toBe('2015')
  })

  it('refuses an expression that does not compile or matches empty text', () => {
    expect(queryError(regex('a('))).toMatch(/missing closing \)/)
    expect(queryError(regex('(a)\\1'))).toMatch(/invalid escape sequence/)
    expect(queryError(regex('x*'))).toBe('the expression matches empty text')
    expect(queryError(literal(''))).toBe('nothing to find')
    expect(queryError(regex('rn'))).toBeNull()
  })

  it('takes time linear in the text, whatever the expression', () => {
    // 23 a's a line: JavaScript's engine backtracks through every way of splitting the line
    // among 25 groups before it gives up, 10 s a line on this machine.
    const line =
      'Ana has a papaya and a banana; Sara paints a canvas in a gallery in Alabama, says Moe.\n'
    const started = performance.now()
    expect(findMatches(line.repeat(3), regex('(.*a){25}'))).toEqual([])
    expect(findMatches(line, regex('(.*a){5}'))[0]?.match).toBe(
      line.slice(0, line.lastIndexOf('a') + 1)
    )
    expect(performance.now() - started).toBeLessThan(2000)
  })
})
