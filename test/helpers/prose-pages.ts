/** Pages of prose, beside the generated tables, that the table finder must leave as prose. */
import { between, literal, page, pick, pickFonts, seeded, up, wrap } from './generated-tables.js'
import { PROSE } from './prose.js'

/**
 * A page of prose in `count` columns whose lines stand level across the columns, each line drawn
 * as a text object of its own (a booklet's justified columns): no table is on it.
 */
export function prosePage(count: 1 | 2 | 3, seed: number): Uint8Array {
  const r = seeded(seed * 104729 + count)
  const fonts = pickFonts(r)
  const size = pick(r, [8, 9, 10])
  const gutter = between(r, 12, 24)
  const width = (451 - gutter * (count - 1)) / count
  const texts = Object.values(PROSE).sort(() => r() - 0.5)
  const ops: string[] = []
  for (let c = 0; c < count; c++) {
    const words = [...texts.slice(c), ...texts.slice(0, c)].join(' ')
    const lines = wrap(fonts.regular, size, words, width).slice(0, Math.floor(600 / (size * 1.3)))
    lines.forEach((line, i) => {
      const at = 72 + c * (width + gutter)
      ops.push(
        `BT /F1 ${size} Tf ${at.toFixed(2)} ${up(90 + i * size * 1.3)} Td ${literal(line)} Tj ET`
      )
    })
  }
  return page(fonts, ops)
}

/**
 * A page of prose whose lines start at a few aligned indents: paragraphs with their first line
 * indented, and a numbered list whose items hang at the numbers' width. Lines stand left-aligned
 * at the same few x's, as a table's columns do, but there is no table on it.
 */
export function indentedProsePage(seed: number): Uint8Array {
  const r = seeded(seed * 15485863)
  const fonts = pickFonts(r)
  const size = pick(r, [9, 10, 11])
  const indent = between(r, 12, 24)
  const ops: string[] = []
  let top = 90
  const line = (x: number, text: string): void => {
    ops.push(`BT /F1 ${size} Tf ${x} ${up(top)} Td ${literal(text)} Tj ET`)
    top += size * 1.35
  }
  for (const words of Object.values(PROSE).sort(() => r() - 0.5)) {
    const lines = wrap(fonts.regular, size, words, 451 - indent)
    lines.forEach((text, i) => line(i === 0 ? 72 + indent : 72, text))
    top += size * 0.5
  }
  Object.values(PROSE).forEach((words, i) => {
    const lines = wrap(fonts.regular, size, words, 451 - indent).slice(0, 3)
    ops.push(`BT /F1 ${size} Tf 72 ${up(top)} Td ${literal(`${i + 1}.`)} Tj ET`)
    lines.forEach((text) => line(72 + indent, text))
  })
  return page(fonts, ops)
}
