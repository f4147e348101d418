import {
  blockMiddleSize,
  inkedChars,
  isBoldLine,
  isHorizontal,
  shareRow,
  withLines,
  type Block,
  type Line
} from '../shared/layout.js'
import { isGutterClear } from './page-gutter.js'

/**
 * Panels drawn row by row put their headings on one row, and MuPDF makes one block of them
 * across the gutter ("New railway Narrow hospital"). The block bridges the gutter, so the page is
 * not cut into its panels there, and the headings are read together over both panels' text. A
 * block of one row of headings, each side of a gap starting where a column of text under it
 * starts, the two columns side by side with nothing of the page in the gutter between them, is
 * cut into its sides. A running head over two columns is left whole: its folio stands at the
 * page's edge, not at the second column's. Blocks are numbered anew, in order.
 */
export function splitHeadingRows(blocks: readonly Block[]): Block[] {
  const page = blocks.flatMap((b) => b.lines)
  return blocks
    .flatMap((block) => split(block, blocks, page))
    .map((block, id) => ({ ...block, id }))
}

/** Points a heading's start and its column's may differ. */
const EDGE = 0.5

/** Heading heights within which the columns start under the headings. */
const NEAR = 3

function split(block: Block, blocks: readonly Block[], page: readonly Line[]): Block[] {
  const { lines } = block
  if (lines.length < 2 || !lines.every(isHorizontal)) return [block]
  if (!lines.every((l) => shareRow(l.bbox, lines[0]!.bbox))) return [block]
  const sorted = [...lines].sort((p, q) => p.bbox[0] - q.bbox[0])
  for (let i = 1; i < sorted.length; i++) {
    const left = sorted.slice(0, i)
    const right = sorted.slice(i)
    if (Math.max(...left.map((l) => l.bbox[2])) >= right[0]!.bbox[0]) continue
    const a = columnUnder(block, left, blocks)
    const b = columnUnder(block, right, blocks)
    if (a === undefined || b === undefined || !isText(a) || !isText(b)) continue
    if (!sideBySide(a, b, block, page)) continue
    if (![...left, ...right].every((l) => isHeading(l, [a, b]))) continue
    return [withLines(block, left), ...split(withLines(block, right), blocks, page)]
  }
  return [block]
}

/** The block of text that starts under a side's first heading, at its left edge. */
function columnUnder(
  block: Block,
  side: readonly Line[],
  blocks: readonly Block[]
): Block | undefined {
  const x = side[0]!.bbox[0]
  const reach = NEAR * (block.bbox[3] - block.bbox[1])
  return blocks.find(
    (b) =>
      b !== block &&
      Math.abs(b.bbox[0] - x) <= EDGE &&
      b.bbox[1] >= block.bbox[3] - EDGE &&
      b.bbox[1] - block.bbox[3] <= reach
  )
}

/** Two columns level with each other, a gutter between them that no line of the page enters. */
function sideBySide(a: Block, b: Block, block: Block, page: readonly Line[]): boolean {
  const [g0, g1] = [a.bbox[2], b.bbox[0]]
  if (g1 <= g0 || Math.min(a.bbox[3], b.bbox[3]) <= Math.max(a.bbox[1], b.bbox[1])) return false
  return isGutterClear(page, [g0, g1], [block.bbox[1], Math.max(a.bbox[3], b.bbox[3])])
}

/** Characters a line of running text holds at least: a sentence's, not a table cell's. */
const TEXT_CHARS = 30

/**
 * Running text under a heading: lines of a sentence's length but the last, as a paragraph
 * wraps; a table's column under its head holds names and figures.
 */
function isText(block: Block): boolean {
  const lines = block.lines.slice(0, -1)
  return lines.length > 0 && lines.every((l) => inkedChars(l) >= TEXT_CHARS)
}

/** A heading: in bold, or set larger than the text of the columns under it. */
function isHeading(line: Line, columns: readonly Block[]): boolean {
  if (isBoldLine(line)) return true
  const size = Math.max(...line.spans.map((s) => s.size))
  return columns.every((c) => size > (blockMiddleSize(c) ?? size))
}
