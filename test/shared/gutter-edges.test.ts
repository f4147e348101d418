import { describe, expect, it } from 'vitest'
import { gutterEdges, innerStarts, lineChars } from '../../src-main/shared/gutter-edges.js'
import { PROSE_LINE } from '../../src-main/shared/prose.js'
import type { Line, Span } from '../../src-main/shared/layout.js'

/** A span whose characters (code points) are each `width` wide from `x`, edges to hundredths. */
function span(text: string, x: number, width = 5, size = 10): Span {
  const charX = [...text].flatMap((_, i) => [
    Math.round((x + i * width) * 100) / 100,
    Math.round((x + (i + 1) * width) * 100) / 100
  ])
  const end = charX[charX.length - 1] ?? x
  return {
    text,
    bbox: [x, 0, end, size],
    font: 'F',
    size,
    bold: false,
    italic: false,
    mono: false,
    charX
  }
}

function line(spans: Span[], y = 0): Line {
  const x0 = Math.min(...spans.map((s) => s.bbox[0]))
  const x1 = Math.max(...spans.map((s) => s.bbox[2]))
  return { bbox: [x0, y, x1, y + 10], wmode: 0, dir: [1, 0], spans }
}

/**
 * The word starts as first written, reading the line character by character: a start after a
 * gap of 0.15 em and more, with PROSE_LINE characters of text or more either side.
 */
function startsByCharacters(l: Line): { x: number; end: number; left: string; right: string }[] {
  if (l.spans.reduce((n, s) => n + s.text.length, 0) <= 2 * PROSE_LINE) return []
  const chars = lineChars(l)
  const all = chars.map((c) => c.ch).join('')
  const offsets: number[] = []
  chars.reduce((offset, c) => (offsets.push(offset), offset + c.ch.length), 0)
  const ink = chars.flatMap((c, i) => (/\s/u.test(c.ch) ? [] : [i]))
  if (ink.length === 0) return []
  const first = offsets[ink[0]!]!
  const last = ink[ink.length - 1]!
  const inkEnd = offsets[last]! + chars[last]!.ch.length
  return ink.slice(1).flatMap((i, n) => {
    const before = ink[n]!
    const c = chars[i]!
    if (c.x0 - chars[before]!.x1 < 0.15 * c.size) return []
    const at = offsets[i]!
    const leftLength = offsets[before]! + chars[before]!.ch.length - first
    if (leftLength < PROSE_LINE || inkEnd - at < PROSE_LINE) return []
    return [
      {
        x: c.x0,
        end: chars[before]!.x1,
        left: all.slice(0, at).trim(),
        right: all.slice(at).trim()
      }
    ]
  })
}

const read = (l: Line) => innerStarts(l).map(({ x, end, left, right }) => ({ x, end, left, right }))

describe('innerStarts', () => {
  it('finds the word start at a gutter with the text either side', () => {
    const l = line([span('late on Friday found the', 50), span('railway reached the town', 200)])
    expect(read(l).find((s) => s.x === 200)).toEqual({
      x: 200,
      end: 170,
      left: 'late on Friday found the',
      right: 'railway reached the town'
    })
    expect(read(l)).toEqual(startsByCharacters(l))
  })

  it('takes a monospaced word space, one advance, for no gutter, and a space and a half for one', () => {
    // Courier's advance is 0.6 of the size: every word starts on that grid, so the words of one
    // column start at one x on line after line, each after a word ending at one x.
    const mono = (text: string) => ({ ...span(text, 50, 6), mono: true })
    const spaced = (gap: string) =>
      line([mono(`late on Friday found the${gap}railway reached the town`)])
    expect(read(spaced(' '))).toEqual([])
    expect(read(spaced('  ')).map((s) => s.x)).toEqual([50 + 26 * 6])
    // In a proportional face the same gap of 0.6 em is a word start, as a narrow gutter may be.
    const proportional = line([span('late on Friday found the railway reached the town', 50, 6)])
    expect(read(proportional).length).toBeGreaterThan(0)
  })

  it('reads astral letters, lone surrogates and characters without edges as the line has them', () => {
    const astral = span('𝐀lpha and beta \ud835 gamma', 50)
    const whole = span('delta epsilon zeta eta theta', 200)
    // The last three characters have no edges: they are no part of the text either side.
    const l = line([astral, { ...whole, charX: whole.charX.slice(0, -6) }])
    expect(read(l).find((s) => s.x === 200)).toEqual({
      x: 200,
      end: 160,
      left: '𝐀lpha and beta \ud835 gamma',
      right: 'delta epsilon zeta eta th'
    })
    expect(read(l)).toEqual(startsByCharacters(l))
  })

  it('answers as a reading character by character does on generated lines', () => {
    let seed = 41
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const alphabet = [
      'a',
      'e',
      'n',
      't',
      ' ',
      ' ',
      '\u00a0',
      '\u2003',
      'é',
      'ж',
      '𝐀',
      '\ud835',
      '\udc00',
      '中',
      '.'
    ]
    for (let n = 0; n < 3000; n++) {
      let x = random() * 50
      const spans = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const text = Array.from(
          { length: Math.floor(random() * 40) },
          () => alphabet[Math.floor(random() * alphabet.length)]
        ).join('')
        const s = span(text, x, 3 + random() * 3)
        x = s.bbox[2] + (random() < 0.5 ? 0 : 4 + random() * 6)
        // Some spans lose their last edges, some characters stand left of the ones before.
        const charX =
          random() < 0.2
            ? s.charX.slice(0, -4)
            : random() < 0.05
              ? s.charX.map((e, i) => (i < 2 ? e + 40 : e))
              : s.charX
        return { ...s, charX }
      })
      const l = line(spans)
      expect(read(l)).toEqual(startsByCharacters(l))
    }
  })
})

describe('gutterEdges', () => {
  const words = [
    'the',
    'railway',
    'reached',
    'town',
    'late',
    'on',
    'Friday',
    'found',
    'and',
    'lowers'
  ]
  const prose = (k: number, from: number) =>
    Array.from({ length: k }, (_, i) => words[(from + i) % words.length]).join(' ')

  it('finds the edge five lines and more run across, counting each line once across buckets', () => {
    // Starts bucketed by 0.3 pt: 199.8 to 199.9 fall in the bucket left of 200 to 200.1's.
    const starts = [200, 199.85, 200.1, 199.8, 200.05, 199.9]
    const lines = starts.map((x, i) => {
      const left = prose(5, i)
      return line(
        [span(left, 20, 170 / [...left].length), span(` ${prose(5, i + 3)}`, x - 5)],
        12 * i
      )
    })
    const edges = gutterEdges(lines)
    expect(edges.map((e) => e.x)).toEqual([200])
    expect(edges[0]!.crossing).toHaveLength(6)
    expect(gutterEdges(lines.slice(0, 4))).toEqual([])
  })
})
