import { describe, expect, it } from 'vitest'
import { charCount, sentences, wordPieces } from '../../src-main/export/chunk-split.js'

describe('chunk split points', () => {
  it('cuts between sentences and gives the text back whole', () => {
    const text =
      'Dr. Smith measured 3.5 mm, e.g. the gap. It held! Did it? "Yes," said J. Doe. (See Fig. 2.) Then 4 more.'
    const parts = sentences(text)
    expect(parts).toEqual([
      'Dr. Smith measured 3.5 mm, e.g. the gap. ',
      'It held! ',
      'Did it? ',
      '"Yes," said J. Doe. ',
      '(See Fig. 2.) ',
      'Then 4 more.'
    ])
    expect(parts.join('')).toBe(text)
  })

  it('cuts CJK text after its full stops', () => {
    expect(sentences('今日は晴れです。明日は雨です！本当？')).toEqual([
      '今日は晴れです。',
      '明日は雨です！',
      '本当？'
    ])
  })

  it('cuts a sentence longer than the target between words, and a word only when it must', () => {
    expect(wordPieces('one two three four five', 9)).toEqual(['one two ', 'three ', 'four five'])
    expect(wordPieces('a https://example.org/a/very/long/path b', 10)).toEqual([
      'a ',
      'https://ex',
      'ample.org/',
      'a/very/lon',
      'g/path b'
    ])
  })

  it('counts code points, as other languages do', () => {
    expect(charCount('𝐀bc')).toBe(3)
    expect(charCount('é')).toBe(1)
  })
})
