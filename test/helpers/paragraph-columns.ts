import { PROSE } from './prose.js'
import { between, literal, page, pick, pickFonts, seeded, up, wrap } from './generated-tables.js'

/**
 * A page of prose in three columns without headings whose paragraphs start level across the
 * columns, a row of three paragraphs at a time (a leaflet's or a report's feature columns): the
 * tops line up as a table's cells do, but each paragraph is sentences running over its lines,
 * and there is no table on it. Fonts, sizes, gutters, leading and paragraph lengths vary with
 * `seed`. `columns` holds each column's paragraphs top down, as a reader reads them.
 */
export function levelParagraphsPage(seed: number): { bytes: Uint8Array; columns: string[][] } {
  const r = seeded(seed * 7877 + 3)
  const fonts = pickFonts(r)
  const size = pick(r, [8, 9, 10])
  const gutter = between(r, 12, 24)
  const width = (451 - gutter * 2) / 3
  const leading = size * pick(r, [1.2, 1.3, 1.4])
  const sentences = Object.values(PROSE)
    .flatMap((text) => text.split(/(?<=\.) /u))
    .sort(() => r() - 0.5)
  const ops: string[] = []
  const columns: string[][] = [[], [], []]
  let top = 90
  let next = 0
  for (let row = 0, rows = between(r, 3, 4); row < rows; row++) {
    let height = 0
    for (let c = 0; c < 3; c++) {
      const count = between(r, 1, 3)
      const text = Array.from({ length: count }, () => sentences[next++ % sentences.length]!)
      const lines = wrap(fonts.regular, size, text.join(' '), width)
      columns[c]!.push(text.join(' '))
      lines.forEach((line, i) => {
        const at = (72 + c * (width + gutter)).toFixed(2)
        ops.push(
          `BT /F1 ${size} Tf ${at} ${up(top + size + i * leading)} Td ${literal(line)} Tj ET`
        )
      })
      height = Math.max(height, lines.length * leading)
    }
    top += height + leading * pick(r, [0.6, 1, 1.5])
  }
  return { bytes: page(fonts, ops), columns }
}
