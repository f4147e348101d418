import { readFileSync } from 'node:fs'
import wordListPath from 'word-list'
import { describe, expect, it } from 'vitest'
import { WordList } from '../../src-main/layout/word-list.js'

describe('WordList', () => {
  it('finds each word of a list and nothing else, however the list is ordered', () => {
    const lines = ['ab', 'abc', 'b', 'manlily', 'manlihood', 'manlike', 'zz', 'a', '', 'ça']
    const list = new WordList(lines.join('\n'))
    for (const word of lines.filter((w) => w !== '')) expect(list.has(word)).toBe(true)
    for (const word of ['', 'aa', 'abcd', 'abb', 'c', 'manli', 'zzz', 'z', 'ç', 'A']) {
      expect(list.has(word)).toBe(false)
    }
  })

  it('handles an empty list and a trailing newline', () => {
    expect(new WordList('').has('a')).toBe(false)
    const list = new WordList('cat\ndog\n')
    expect(list.has('dog')).toBe(true)
    expect(list.has('')).toBe(false)
  })

  it('reads the shipped list, all lower case, as a set of its words does', () => {
    const text = readFileSync(wordListPath, 'utf8')
    // englishWords() takes the list as it is, and callers look words up in lower case.
    expect(text).toBe(text.toLowerCase())
    const set = new Set(text.split('\n'))
    const list = new WordList(text)
    const words = [...set]
    for (let i = 0; i < words.length; i += 97) expect(list.has(words[i]!)).toBe(true)
    // Out of order in the shipped list: "manlihood" follows "manlily".
    expect(list.has('manlihood')).toBe(true)
    expect(list.has('sharrowed')).toBe(true)
    for (const word of words.slice(0, 3000)) {
      for (const probe of [word + 's', word.slice(0, -1), word + 'q']) {
        expect(list.has(probe)).toBe(set.has(probe))
      }
    }
  })
})
