import { describe, expect, it } from 'vitest'
import { toUnicodeCMap } from '../../src-main/repair/to-unicode.js'
import { toUnicodeEntries } from '../../src-main/verify/to-unicode-entries.js'

describe('the text each code of a /ToUnicode gives', () => {
  it('reads back the map Recto writes for a repaired font, ligatures included', () => {
    const map = new Map<number, string>([
      [0x21, 'a'],
      [0x22, 'b'],
      [0x23, 'c'],
      [0x40, 'ﬁ'],
      [0x41, 'ال'],
      [0x300, 'ي']
    ])
    expect(toUnicodeEntries(toUnicodeCMap(map, 2))).toEqual(map)
  })

  it('reads ranges given by a start and by an array, as producers write them', () => {
    const cmap = [
      '2 beginbfrange',
      '<0003> <0005> <0627>',
      '<0010> <0011> [<FEE0> <0041>]',
      'endbfrange',
      '1 beginbfchar',
      '<0020> <D835DC00>',
      'endbfchar'
    ].join('\n')
    expect([...toUnicodeEntries(cmap)]).toEqual([
      [3, 'ا'],
      [4, 'ب'],
      [5, 'ة'],
      [0x10, '\ufee0'],
      [0x11, 'A'],
      [0x20, '𝐀']
    ])
  })
})
