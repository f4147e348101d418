import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { checkLearnedMap, type CodeEvidence } from '../../src-main/repair/check-learned-map.js'
import { fontEvidence } from '../../src-main/repair/font-evidence.js'
import { fontDicts } from '../../src-main/repair/font-programs.js'
import { glyphNameText } from '../../src-main/repair/glyph-name-text.js'
import type { CodeReading } from '../../src-main/repair/votes.js'
import { corpusPdf } from '../helpers/corpus.js'

function read(code: number, text: string, votes = 9, seen = 10): CodeReading {
  return { code, text, votes, seen }
}

function texts(readings: readonly CodeReading[]): Record<number, string> {
  return Object.fromEntries(readings.map((r) => [r.code, r.text]))
}

describe('a learned map checked against the font', () => {
  it('gives a named glyph its name and a glyph with no ink a space', () => {
    const evidence = new Map<number, CodeEvidence>([
      [2, { name: 'g3', width: 220, inked: false }],
      [0x31, { name: 'one', width: 658, inked: true }],
      [0x36, { name: 'six', width: 658, inked: true }],
      [0x66, { name: 'f', width: 319, inked: true }]
    ])
    const checked = checkLearnedMap(
      [read(2, 'f', 40, 50), read(0x31, '6'), read(0x36, '6'), read(0x66, 'f')],
      evidence
    )
    expect(texts(checked.readings)).toEqual({ 2: ' ', 0x31: '1', 0x36: '6', 0x66: 'f' })
    // Evidence outweighs the readings it overrules: the code passes the agreement bar.
    expect(checked.readings.find((r) => r.code === 2)).toMatchObject({ votes: 50, seen: 50 })
    expect(checked.disputes).toEqual([
      { code: 2, read: 'f', text: ' ', reason: 'its glyph draws no ink' },
      { code: 0x31, read: '6', text: '1', reason: 'its glyph is named /one' }
    ])
  })

  it('leaves out codes read as one character whose glyphs differ, unless a name confirms one', () => {
    const evidence = new Map<number, CodeEvidence>([
      [10, { name: 'g20', width: 554 }],
      [11, { name: 'g31', width: 271 }],
      [12, { name: 'l', width: 271 }],
      [13, { name: 'g40', width: 500 }],
      [14, { name: 'g40', width: 500 }]
    ])
    const checked = checkLearnedMap(
      [read(10, 'l'), read(11, 'l'), read(12, 'l'), read(13, 'o'), read(14, 'o')],
      evidence
    )
    // 10 is wider than the named "l"; 11 is as wide but another glyph: both left out. 13 and 14
    // draw the same glyph and keep their letter.
    expect(texts(checked.readings)).toEqual({ 12: 'l', 13: 'o', 14: 'o' })
    expect(checked.disputes.map((d) => [d.code, d.text])).toEqual([
      [10, null],
      [11, null]
    ])
  })

  it('drops a space that draws ink and keeps what no evidence speaks against', () => {
    const evidence = new Map<number, CodeEvidence>([[5, { inked: true }]])
    const checked = checkLearnedMap([read(5, ' '), read(6, 'x'), read(7, 'y')], evidence)
    expect(texts(checked.readings)).toEqual({ 6: 'x', 7: 'y' })
  })

  it('reads Adobe glyph names and ignores opaque ones', () => {
    expect(['one', 'space', 'A', 'quoteright', 'uni00E9', 'u1F600'].map(glyphNameText)).toEqual([
      '1',
      ' ',
      'A',
      '\u2019',
      'é',
      '😀'
    ])
    expect(['g3', 'cid12', 'glyph5', 'uniD800', 'f_f'].map(glyphNameText)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined
    ])
  })
})

describe("a font's own evidence (TAMReview's Cambria-Italic)", () => {
  it('names its codes, gives their widths and finds the glyph that draws no ink', () => {
    const doc = mupdf.Document.openDocument(
      readFileSync(corpusPdf('pdfjs__TAMReview.pdf')),
      'application/pdf'
    )
    try {
      const italic = fontDicts(doc.asPDF()!).find((d) => d.name.endsWith('Cambria-Italic'))!
      const evidence = fontEvidence(italic, [2, 0x31, 0x66])
      expect(evidence.get(2)).toEqual({ name: 'g3', width: 220, inked: false })
      expect(evidence.get(0x31)).toEqual({ name: 'one', width: 528, inked: true })
      expect(evidence.get(0x66)).toMatchObject({ name: 'f', inked: true })
    } finally {
      doc.destroy()
    }
  })
})
