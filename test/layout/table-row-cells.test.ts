import { describe, expect } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import type { Line, Span } from '../../src-main/shared/layout.js'
import { isFigure } from '../../src-main/layout/table-header.js'
import { figureCells, glyphCells } from '../../src-main/layout/table-row-cells.js'

const EM = 10

/** A line of one span a piece, each of its characters 5 points wide, `gap` points apart. */
function lineOf(pieces: ReadonlyArray<{ text: string; gap: number }>): Line {
  let at = 72
  const spans: Span[] = pieces.map(({ text, gap }) => {
    at += gap
    const start = at
    const charX: number[] = []
    for (let i = [...text].length; i > 0; i--) {
      charX.push(at, at + 5)
      at += 5
    }
    return {
      text,
      bbox: [start, 700, at, 710],
      font: 'Helvetica',
      size: 10,
      bold: false,
      italic: false,
      mono: false,
      charX
    }
  })
  return { bbox: [72, 700, at, 710], wmode: 0, dir: [1, 0], spans }
}

/** What figureCells answers by its definition: cut into glyph cells, every cell a figure. */
function cellsReadWhole(line: Line): Array<[number, number]> | null {
  const cells = glyphCells(line, EM)
  if (cells.length < 2 || !cells.every((c) => isFigure(c.text))) return null
  return cells.map((c) => [c.x0, c.x1])
}

describe('figureCells', () => {
  test('reads figures set a cell apart, and no line that holds a word', () => {
    expect(
      figureCells(
        lineOf([
          { text: '14%', gap: 0 },
          { text: '97,483', gap: 20 }
        ]),
        EM
      )
    ).toEqual([
      [72, 87],
      [107, 137]
    ])
    expect(
      figureCells(
        lineOf([
          { text: 'Total', gap: 0 },
          { text: '97,483', gap: 20 }
        ]),
        EM
      )
    ).toBeNull()
  })

  // Figures' own characters, words, marks, spaces of every kind, astral letters and lone
  // surrogates, in pieces set a word gap or a cell gap apart.
  const piece = fc.record({
    text: fc
      .array(
        fc.oneof(
          fc.constantFrom(...'0123456789,.-−–+($€£¥%‰kKmMbBn)*†'),
          fc.constantFrom(' ', '\u00a0', '\u202f', '\t', '\ufeff'),
          fc.constantFrom('a', 'é', 'x', 'T', '数', '٣', '𝟙', '\ud800', '—', '/'),
          fc.constantFrom('12', '3.5', '1,204', '(7)', '$40', '2bn', '15%')
        ),
        { maxLength: 8 }
      )
      .map((parts) => parts.join('')),
    gap: fc.constantFrom(0, 2, 6, 20)
  })

  test.prop([fc.array(piece, { minLength: 1, maxLength: 5 })], { numRuns: 3000 })(
    'answers as the glyph cells read whole do',
    (pieces) => {
      const line = lineOf(pieces)
      expect(figureCells(line, EM)).toEqual(cellsReadWhole(line))
    }
  )
})
