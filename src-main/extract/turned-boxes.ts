import { boundsOf, middleSize, type BBox, type Block, type Line } from '../shared/layout.js'

/**
 * A text box turned on the page (a quarter up or down a margin, or tilted a few degrees) comes
 * out of MuPDF a block per line where its lines are ragged: merging paragraphs wants full lines,
 * and a tilted line has no reading frame to judge them in. A box is read as a whole, so
 * consecutive blocks of one line each, turned the same way, each a line's step across the one
 * before along its own baseline and starting level with it, are one block. Blocks are numbered
 * anew, in order. Only where most of the page's text is upright.
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
  if (!last || !next || below.lines.length !== 1 || !isTurned(last) || !isTurned(next)) return false
  const [dx, dy] = last.dir
  if (dx * next.dir[0] + dy * next.dir[1] < SAME_WAY) return false
  const em = middleSize([...last.spans, ...next.spans]) ?? 10
  // Along the baseline, and across it towards the next line (right of the way the text runs).
  const along = (box: BBox): number => Math.min(...corners(box).map(([x, y]) => x * dx + y * dy))
  const across = (box: BBox): number => Math.min(...corners(box).map(([x, y]) => y * dx - x * dy))
  const step = across(next.bbox) - across(last.bbox)
  return (
    step >= STEP[0] * em &&
    step <= STEP[1] * em &&
    Math.abs(along(next.bbox) - along(last.bbox)) <= LEVEL_EMS * em
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
