import { describe, expect, it } from 'vitest'
import type { RunReading } from '../../src-main/repair/run-reading.js'
import { withLigatures } from '../../src-main/repair/ligature-codes.js'

/** A run of glyphs of the given advances (in ems of a 10 pt size), every one inked. */
function run(codes: number[], widths: number[]): RunReading {
  let x = 0
  const charX = widths.flatMap((w) => {
    const box = [x, x + w * 10]
    x += w * 10
    return box
  })
  return {
    run: { page: 1, program: 'p', codes, charX, bbox: [0, 0, x, 10], size: 10 },
    inked: codes.map(() => true),
    chars: []
  }
}

const F = 0.3
const I = 0.27
const L = 0.27

describe('ligature glyphs in a learned map', () => {
  it('gives a glyph read as its last letter, as wide as f and that letter, all its letters', () => {
    // Codes: 1 f, 2 i, 3 l, 4 the fi ligature read as "i", 5 fl read as "l", 6 ffi read as "fi",
    // 7 the fi ligature OCR did read as "fi".
    const readings = [
      run([1, 2, 3, 2, 1], [F, I, L, I, F]),
      run([4, 5, 6, 7, 7], [F + I - 0.02, F + L, 2 * F + I, F + I, F + I])
    ]
    const map = [
      { code: 1, text: 'f', votes: 4, seen: 4 },
      { code: 2, text: 'i', votes: 8, seen: 8 },
      { code: 3, text: 'l', votes: 6, seen: 6 },
      { code: 4, text: 'i', votes: 3, seen: 3 },
      { code: 5, text: 'l', votes: 2, seen: 2 },
      { code: 6, text: 'fi', votes: 1, seen: 1 },
      { code: 7, text: 'fi', votes: 5, seen: 5 }
    ]
    expect(withLigatures(readings, map).map((r) => r.text)).toEqual([
      'f',
      'i',
      'l',
      'fi',
      'fl',
      'ffi',
      'fi'
    ])
  })

  it('leaves a second code of a letter alone where its width is the letter’s', () => {
    const readings = [run([1, 2, 3], [F, I, I + 0.01])]
    const map = [
      { code: 1, text: 'f', votes: 4, seen: 4 },
      { code: 2, text: 'i', votes: 8, seen: 8 },
      { code: 3, text: 'i', votes: 2, seen: 2 }
    ]
    expect(withLigatures(readings, map).map((r) => r.text)).toEqual(['f', 'i', 'i'])
  })
})
