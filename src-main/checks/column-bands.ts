import { drawnText, type BBox, type Block } from '../shared/layout.js'
import { isProse } from '../shared/prose.js'
import { otherSizes, typeSize } from './block-type.js'
import type { CheckInput } from './check.js'
import { apartInX, oneColumn, readBlocks, type ReadBlock } from './read-lines.js'

export type ColumnLeft = Readonly<{
  /** The paragraph read before its time, from the next column. */
  early: string
  /** The paragraph under the one before it in its column, read after the other column's. */
  left: string
  bbox: BBox
}>

/**
 * A paragraph of prose, not a label or a line alone: a side box's words are no column. Two
 * short sentences are enough: booklets set in narrow columns have paragraphs of 110 characters.
 */
const MIN_CHARS = 100
/**
 * Whether some row between `top` and `bottom` crosses none of the page's blocks but `a` and
 * `c`: whitespace across the page there, where a page may end a band of columns and start
 * another.
 */
function bandBreak(blocks: readonly Block[], a: Block, c: Block, top: number, bottom: number) {
  const spans = blocks
    .filter((b) => b !== a && b !== c && b.lines.length > 0)
    .map((b) => [b.bbox[1], b.bbox[3]] as const)
  const rows = [top, ...spans.map(([, end]) => end).filter((end) => end > top && end < bottom)]
  return rows.some((y) => !spans.some(([start, end]) => start <= y && end > y))
}

/**
 * Paragraphs of one column read with the next column's between them: a body paragraph, then
 * one in the column to its right that starts above its end, then the paragraph under the first
 * in its column, with no whitespace across the page between the two that could end a band of
 * columns. A reader finishes a column before the next; a cut that took the page a band at a
 * time where no band ends reads "…the small tower." "BROKEN FOREST CANAL. The…" "EMPTY FOREST
 * STATION. Two…", each paragraph whole, each sentence ended, so that no sentence shows it. The
 * three are prose of one type size: a side box or a caption beside a paragraph may be read
 * after it.
 */
export function columnsLeft(input: CheckInput): ColumnLeft[] {
  const found: ColumnLeft[] = []
  const { blocks } = input.layout
  const body = readBlocks(input)
  const prose = ({ role, block }: ReadBlock) => {
    const text = drawnText(block)
    return role === 'body' && text.length >= MIN_CHARS && isProse(text)
  }
  for (let i = 0; i + 2 < body.length; i++) {
    const [a, b, c] = [body[i]!, body[i + 1]!, body[i + 2]!]
    if (!prose(a) || !prose(b) || !prose(c)) continue
    const [ab, bb, cb] = [a.block.bbox, b.block.bbox, c.block.bbox]
    const size = typeSize(a.block)
    if ([b.block, c.block].some((other) => otherSizes(typeSize(other), size))) continue
    if (!oneColumn(ab, cb) || cb[1] < (ab[1] + ab[3]) / 2) continue
    if (!apartInX(bb, ab) || !apartInX(bb, cb) || bb[0] < ab[2] || bb[1] >= ab[3]) continue
    if (bandBreak(blocks, a.block, c.block, ab[3], Math.max(ab[3], cb[1]))) continue
    found.push({
      early: drawnText(b.block).slice(0, 60),
      left: drawnText(c.block).slice(0, 60),
      bbox: bb
    })
  }
  return found
}
