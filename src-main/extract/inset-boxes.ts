import {
  blockMiddleSize,
  boundsOf,
  drawnLine,
  isHorizontal,
  middleSize,
  spansOf,
  type Block,
  type Line
} from '../shared/layout.js'
import { NOTE_LINES, NOTE_SIZE, NOTE_WORDS } from '../shared/note-box.js'

/**
 * A page with more blocks that could be boxes than this is a table, an index or a form, not
 * paragraphs around a box: each candidate is weighed against every block, and a hostile file's
 * tens of thousands of blocks would take minutes.
 */
const MAX_BOXES = 400

/** A paragraph's halves differ in size by this factor at most. */
const SAME_SIZE = 1.1

/** The box stands at most this many of the paragraph's line heights from each half. */
const NEAR_LINES = 2.5

/** A sentence runs on past a line that ends in a letter, a figure, a comma, semicolon or hyphen. */
const RUNS_ON = /[\p{L}\p{N},;-]$/u
const GOES_ON = /^\p{Ll}/u

/**
 * A box of a few lines in smaller type set inside a column in the middle of a paragraph (framed
 * or shaded on the page; the frame itself is not text) parts the paragraph into two blocks, the
 * box between them: the box is read inside a sentence ("…the market hall was full of" / box /
 * "crates of herring…"). Where the block above a box ends inside a sentence that the block under
 * it, in the same column, carries on (its last line full, the first line below starting in lower
 * case at the same edge), the two halves are one paragraph again and the box goes after the
 * page's other blocks; the order reads it after the paragraph it stands in, as an aside
 * (layout/side-boxes.ts). Blocks are numbered afresh.
 */
export function joinAroundInsetBoxes(blocks: readonly Block[]): Block[] {
  const joined = new Map<Block, Block>()
  const boxes = new Set<Block>()
  const gone = new Set<Block>()
  // Asked of every pair of blocks near each other: worked out once.
  const sizes = new Map(blocks.map((b) => [b, blockMiddleSize(b) ?? 0]))
  const upright = new Set(blocks.filter((b) => b.lines.every(isHorizontal)))
  const half = (block: Block, box: Block): boolean =>
    block !== box &&
    !gone.has(block) &&
    !boxes.has(block) &&
    upright.has(block) &&
    sizes.get(block)! >= NOTE_SIZE * sizes.get(box)!
  const candidates = blocks.filter((b) => upright.has(b) && isBox(b))
  if (candidates.length === 0 || candidates.length > MAX_BOXES) return [...blocks]
  const body = middleSize(spansOf(blocks)) ?? 0
  for (const box of candidates) {
    if (gone.has(box) || joined.has(box)) continue
    const upper = blocks.find((b) => above(b, box) && half(b, box))
    const lower = blocks.find((b) => above(box, b) && half(b, box))
    if (!upper || !lower || upper === lower || !cutBy(upper, lower, box, body)) continue
    const whole = joined.get(upper) ?? upper
    const lines = [...whole.lines, ...lower.lines]
    joined.set(upper, { ...whole, lines, bbox: boundsOf(lines.map((l) => l.bbox)) })
    gone.add(lower)
    boxes.add(box)
  }
  if (boxes.size === 0) return [...blocks]
  const text = blocks.filter((b) => !gone.has(b) && !boxes.has(b)).map((b) => joined.get(b) ?? b)
  return [...text, ...boxes].map((block, id) => ({ ...block, id }))
}

function isBox(block: Block): boolean {
  if (block.lines.length > NOTE_LINES) return false
  const words =
    block.lines
      .map(drawnLine)
      .join(' ')
      .match(/\p{L}{2,}/gu)?.length ?? 0
  return words >= NOTE_WORDS
}

const height = (line: Line): number => line.bbox[3] - line.bbox[1]

/** `upper` ends right over `lower`, which lies within its column. */
function above(upper: Block, lower: Block): boolean {
  const last = upper.lines[upper.lines.length - 1]
  if (!last) return false
  const gap = lower.bbox[1] - upper.bbox[3]
  return (
    gap >= -1 &&
    gap <= NEAR_LINES * height(last) &&
    Math.min(upper.bbox[2], lower.bbox[2]) - Math.max(upper.bbox[0], lower.bbox[0]) > 0
  )
}

/**
 * `upper` and `lower` are one paragraph's halves cut by `box`: of one size, the page's text's
 * (`body`), at the same edges, the box within them, the sentence running on from `upper`'s full
 * last line to `lower`'s first. A panel's heading set large, over an address and the web address
 * that ends it, opening in lower case, is no paragraph's half.
 */
function cutBy(upper: Block, lower: Block, box: Block, body: number): boolean {
  const last = upper.lines[upper.lines.length - 1]
  const first = lower.lines[0]
  if (!last || !first) return false
  const [a, b] = [blockMiddleSize(upper) ?? 0, blockMiddleSize(lower) ?? 0]
  const sizes = [a, b, body]
  if (Math.max(...sizes) > SAME_SIZE * Math.min(...sizes)) return false
  const em = a
  return (
    Math.abs(upper.bbox[0] - lower.bbox[0]) <= em &&
    Math.abs(upper.bbox[2] - lower.bbox[2]) <= 1.5 * em &&
    box.bbox[0] >= Math.min(upper.bbox[0], lower.bbox[0]) - 1 &&
    box.bbox[2] <= Math.max(upper.bbox[2], lower.bbox[2]) + 1 &&
    last.bbox[2] >= upper.bbox[2] - 1.5 * em &&
    Math.abs(first.bbox[0] - lower.bbox[0]) <= em / 2 &&
    RUNS_ON.test(drawnLine(last).trimEnd()) &&
    GOES_ON.test(drawnLine(first).trimStart())
  )
}
