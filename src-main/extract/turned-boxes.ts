import { boundsOf, middleSize, type BBox, type Block, type Line } from '../shared/layout.js'

/**
 * A text box turned on the page (a quarter up or down a margin, or tilted a few degrees) comes
 * out of MuPDF a block per line, or per few lines, where its lines are ragged: merging paragraphs
 * wants full lines, and a tilted line has no reading frame to judge them in. A box is read as a
 * whole, so consecutive blocks turned the same way, each one's first line a line's step across
 * the one before along its own baseline and starting level with it, are one block. Blocks are
 * numbered anew, in order. Only where most of the page's text is upright.
 */
export function joinTurnedBoxLines(blocks: readonly Block[]): Block[] {
  // On a page turned as a whole (a landscape table, a /Rotate the producer drew around) the
  // turned lines are the page's own, merged and ordered in its frame.
  const lines = blocks.flatMap((b) => b.lines)
  const chars = (ls: readonly Line[]): number =>
    ls.reduce((n, l) => n + l.spans.reduce((m, s) => m + s.text.length, 0), 0)
  if (chars(lines.filter(isTurned)) * 2 >= chars(lines)) return [...blocks]
  const out: Block[] = []
  for (const block of blocks) {
    const last = out[out.length - 1]
    if (last && continuesBox(last, block)) {
      const lines = [...last.lines, ...block.lines]
      out[out.length - 1] = { ...last, lines, bbox: boundsOf(lines.map((l) => l.bbox)) }
    } else out.push(block)
  }
  return out.map((block, id) => ({ ...block, id }))
}

/** Directions closer than this (the cosine of their angle) are one. */
const SAME_WAY = 0.999

/** The step from one line of a box to the next, in the size of its text. */
const STEP: readonly [number, number] = [0.8, 1.8]

/** Starts within this many ems are level. */
const LEVEL_EMS = 1

function continuesBox(above: Block, below: Block): boolean {
  const last = above.lines[above.lines.length - 1]
  const [next] = below.lines
  if (!last || !next || !isTurned(last)) return false
  const [dx, dy] = last.dir
  const sameWay = (line: Line): boolean =>
    isTurned(line) && dx * line.dir[0] + dy * line.dir[1] >= SAME_WAY
  if (!below.lines.every(sameWay) || !isStacked(below.lines, dx, dy)) return false
  const em = middleSize([...last.spans, ...next.spans]) ?? 10
  const along = (box: BBox): number => Math.min(...corners(box).map(([x, y]) => x * dx + y * dy))
  const step = across(next.bbox, dx, dy) - across(last.bbox, dx, dy)
  return (
    step >= STEP[0] * em &&
    step <= STEP[1] * em &&
    Math.abs(along(next.bbox) - along(last.bbox)) <= LEVEL_EMS * em
  )
}

/**
 * Where a line's box lies across the way its text runs (towards the next line, right of that
 * way): measured at its middle, which a tilted line's upright box shares with the line itself,
 * whatever its length. A corner of that box lies further out the longer the line.
 */
function across([x0, y0, x1, y1]: BBox, dx: number, dy: number): number {
  return ((y0 + y1) / 2) * dx - ((x0 + x1) / 2) * dy
}

/** A block's lines each further across than the one before: a box's lines in reading order. */
function isStacked(lines: readonly Line[], dx: number, dy: number): boolean {
  return lines.every(
    (line, i) => i === 0 || across(line.bbox, dx, dy) > across(lines[i - 1]!.bbox, dx, dy)
  )
}

/** Horizontal text not set upright: turned a quarter, upside down or tilted. */
function isTurned(line: Line): boolean {
  return line.wmode === 0 && line.dir[0] < SAME_WAY
}

function corners([x0, y0, x1, y1]: BBox): Array<[number, number]> {
  return [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1]
  ]
}
