import type { BBox, Block, Line, PageLayout } from '../shared/layout.js'
import { memoize } from '../shared/memo.js'
import { nonSpaceLength } from '../shared/whitespace.js'

/**
 * The reading frame of a page: coordinates turned so that its dominant text runs along +x and
 * successive lines follow along +y. For ordinary text that is the page itself; for a page shown
 * rotated (/Rotate 90: text runs up the unrotated page) or vertical CJK (characters run down,
 * columns follow right to left) the same top-to-bottom, left-to-right reasoning then applies.
 * With d the text direction, x' = p·d and y' = p·n where n = (-d.y, d.x) is the line progression.
 */
export type Frame = Readonly<{ dx: number; dy: number }>

/** Snaps a direction to the nearest axis: rotated frames other than quarter turns are rare. */
export function axisOf(dir: readonly [number, number]): Frame {
  const [x, y] = dir
  if (Math.abs(x) >= Math.abs(y)) return { dx: x >= 0 ? 1 : -1, dy: 0 }
  return { dx: 0, dy: y >= 0 ? 1 : -1 }
}

export function lineChars(line: Line): number {
  let n = 0
  for (const span of line.spans) n += nonSpaceLength(span.text)
  return n
}

/**
 * `lineChars` of each line of a block. Computed once per block: the block's frame, the page's
 * frame and the order all count them.
 */
const lineCharCounts = memoize((block: Block): readonly number[] => block.lines.map(lineChars))

/** The non-space characters of a block. */
export function blockChars(block: Block): number {
  let n = 0
  for (const chars of lineCharCounts(block)) n += chars
  return n
}

/**
 * The direction most of the page's characters run in, block by block (see `blockFrame`).
 * Computed once per layout: the order asks it for every block.
 */
export const dominantFrame = memoize(voteFrame)

function voteFrame(layout: PageLayout): Frame {
  const votes = new Map<string, { frame: Frame; chars: number }>()
  for (const block of layout.blocks) {
    const frame = blockFrame(block)
    const key = `${frame.dx},${frame.dy}`
    const v = votes.get(key) ?? { frame, chars: 0 }
    v.chars += blockChars(block)
    votes.set(key, v)
  }
  let best: Frame = { dx: 1, dy: 0 }
  let most = -1
  for (const v of votes.values()) {
    if (v.chars > most) {
      best = v.frame
      most = v.chars
    }
  }
  return best
}

export function sameFrame(a: Frame, b: Frame): boolean {
  return a.dx === b.dx && a.dy === b.dy
}

/** A page box in frame coordinates. */
export function toFrame(frame: Frame, box: BBox): BBox {
  const { dx, dy } = frame
  const xa = box[0] * dx + box[1] * dy
  const xb = box[2] * dx + box[3] * dy
  const ya = -box[0] * dy + box[1] * dx
  const yb = -box[2] * dy + box[3] * dx
  return [Math.min(xa, xb), Math.min(ya, yb), Math.max(xa, xb), Math.max(ya, yb)]
}

/** The page's own extent in frame coordinates. */
export function pageBox(frame: Frame, layout: PageLayout): BBox {
  return toFrame(frame, [0, 0, layout.width, layout.height])
}

/**
 * The frame a block's own text runs in: its longest line's direction, unless every line holds a
 * glyph or two (MuPDF gives each glyph of a vertical-font line its own line); then the way the
 * glyphs progress on the page decides (PDFBOX-3127 draws Latin text with a vertical font).
 * Computed once per block: the page's frame, the order and the block's text all ask.
 */
export const blockFrame = memoize(lineFrame)

function lineFrame(block: Block): Frame {
  const chars = lineCharCounts(block)
  let best = 0
  for (let i = 1; i < chars.length; i++) if (chars[i]! > chars[best]!) best = i
  const frame = axisOf(block.lines[best]?.dir ?? [1, 0])
  if (block.lines.length < 3 || chars.some((n) => n > 2)) return frame
  const xs = block.lines.map((l) => (l.bbox[0] + l.bbox[2]) / 2)
  const ys = block.lines.map((l) => (l.bbox[1] + l.bbox[3]) / 2)
  const spread = (v: number[]): number => Math.max(...v) - Math.min(...v)
  const horizontal = spread(xs) > spread(ys)
  if (horizontal === (frame.dy === 0)) return frame
  return horizontal ? { dx: 1, dy: 0 } : { dx: 0, dy: 1 }
}

/**
 * Vertical writing: most of the page's characters stand one to a line (MuPDF gives each glyph
 * of a vertical CJK column its own line, in a vertical font or not), unlike a page turned on its
 * side, whose lines run up the page whole.
 */
export function isVerticalWriting(layout: PageLayout): boolean {
  let single = 0
  let all = 0
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      const n = lineChars(line)
      all += n
      if (n <= 2) single += n
    }
  }
  return single * 2 > all
}
