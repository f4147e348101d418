import { describe, expect, it } from 'vitest'
import { analysisOfBytes } from '../helpers/made-pdf.js'
import { flat } from '../helpers/prose.js'
import {
  CJK_LINES,
  cjkPdf,
  justifiedPdf,
  kernedWordsPdf,
  LOOSE_HEADINGS,
  looseLines,
  looseSpacingPdf,
  SPACING_PROSE,
  spacingPdf,
  tightTrackingPdf
} from '../helpers/spacing-pdf.js'

function pageOf(bytes: Uint8Array) {
  const page = analysisOfBytes(bytes).pages[0]!
  return { text: page.analysis.text, flags: page.analysis.flags }
}

/** The words of `text` that differ from `expected`'s, as "read → meant" pairs: none when equal. */
function wrongWords(text: string, expected: readonly string[]): string[] {
  const read = flat(text).split(' ')
  const meant = flat(expected.join(' ')).split(' ')
  if (read.length !== meant.length) {
    return [`${read.length} words, not ${meant.length}: ${flat(text)}`]
  }
  return read.flatMap((w, i) => (w === meant[i] ? [] : [`${w} → ${meant[i]}`]))
}

describe('word gaps decided per line', () => {
  it('reads tight tracking without space glyphs word by word', () => {
    for (const size of [7, 10, 14]) {
      const page = pageOf(tightTrackingPdf(size))
      expect(wrongWords(page.text, SPACING_PROSE)).toEqual([])
      expect(page.flags.map((f) => f.code)).not.toContain('spacing_suspect')
    }
  })

  it('closes up loose letter-spacing with space glyphs, headings in capitals too', () => {
    const page = pageOf(looseSpacingPdf())
    expect(wrongWords(page.text, [...LOOSE_HEADINGS, ...looseLines()])).toEqual([])
  })

  it('keeps the words of justified lines whose spaces are stretched up to an em', () => {
    expect(wrongWords(pageOf(justifiedPdf()).text, SPACING_PROSE)).toEqual([])
  })

  it('keeps words whole where TJ kerns their letters by 80 thousandths of an em', () => {
    expect(wrongWords(pageOf(kernedWordsPdf()).text, SPACING_PROSE)).toEqual([])
  })

  it('leaves a long address whole where a kerned pair stands a little apart', () => {
    // GeoTopo's caption: "oj" kerned 0.05 em apart, twice, in a line of few spaces.
    const caption =
      'BT /F1 10 Tf 72 700 Td [(Abb. 1.6 Stereographische Pro) -50 (jektion: texample.net/tikz/examples/map-pro) -50 (jections)] TJ ET'
    const text = pageOf(spacingPdf(caption)).text
    expect(text).toBe(
      'Abb. 1.6 Stereographische Projektion: texample.net/tikz/examples/map-projections'
    )
  })

  it('puts no space between Han and kana, justified or not', () => {
    const page = pageOf(cjkPdf())
    expect(page.text.split(/\s+/u)).toEqual(CJK_LINES)
  })
})
