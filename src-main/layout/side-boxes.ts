import { isLabel } from '../shared/box-label.js'
import { middleSize, type Block, type PageLayout } from '../shared/layout.js'
import type { Box } from './order-box.js'

/** A side box holds a few short lines: a label ("CAUTION", "TIP") and a word or two more. */
const BOX_LINES = 4
const BOX_CHARS = 60

/** Sizes differing by this factor and more set a box apart from the body text beside it. */
const OTHER_SIZE = 1.2

/** A box stands this many ems from its paragraph at most: in its margin or the gutter. */
const BOX_GAP = 2

/**
 * Side boxes beside a paragraph, each with that paragraph: a few short lines, one of them a
 * label ("CAUTION", see side-boxes in extract/), set at another size than the body, wholly left or right of a paragraph of two lines and more whose
 * height covers the box's middle, within two ems of it (where a box stands in a gutter between
 * two columns, the one right of it). Cut with the rest, a box in a gutter bridges it and the columns
 * are read as one; read in place, it cuts the paragraph beside it. `boxes` are the page's boxes
 * in one reading frame (see page-order.ts), by block id.
 */
export function sideBoxHosts(
  layout: PageLayout,
  boxes: readonly Box[],
  body: number
): Map<number, number> {
  const hosts = new Map<number, number>()
  for (const box of boxes) {
    const block = layout.blocks[box.id]
    if (!block || !isSideBox(block, box, body)) continue
    const middle = (box.box[1] + box.box[3]) / 2
    let best: { id: number; gap: number } | null = null
    for (const other of boxes) {
      if (other === box || other.lines < 2 || hosts.has(other.id)) continue
      if (middle < other.box[1] || middle > other.box[3]) continue
      // A box in a gutter goes with the column right of it, in whose margin it is set: any
      // paragraph it stands left of ranks before those it stands right of.
      const left = other.box[0] - box.box[2]
      const right = box.box[0] - other.box[2]
      const reach = BOX_GAP * body
      let gap: number
      if (left >= -1 && left <= reach) gap = left
      else if (right >= -1 && right <= reach) gap = reach + right
      else continue
      if (!best || gap < best.gap) best = { id: other.id, gap }
    }
    if (best) hosts.set(box.id, best.id)
  }
  return hosts
}

function isSideBox(block: Block, box: Box, body: number): boolean {
  if (box.lines > BOX_LINES || box.lineChars * box.lines > BOX_CHARS) return false
  if (!block.lines.some((l) => isLabel(l.spans))) return false
  const size = middleSize(block.lines.flatMap((l) => l.spans)) ?? body
  return Math.max(size, body) >= OTHER_SIZE * Math.min(size, body)
}

/** A sentence runs on past a block that ends in a letter, a figure, a comma, semicolon or hyphen. */
const RUNS_ON = /[\p{L}\p{N},;-]$/u
const GOES_ON = /^\p{Ll}/u

/**
 * `order` with each side box read right after its paragraph, or, where the paragraph's last
 * sentence runs on into the next block read (at the top of the next column: "…Congress was" /
 * "considering legislation…"), after the block that ends it: a box never cuts a sentence.
 * `textOf` gives a block's text as drawn.
 */
export function placeSideBoxes(
  order: readonly number[],
  hosts: ReadonlyMap<number, number>,
  textOf: (id: number) => string
): number[] {
  const out = order.filter((id) => !hosts.has(id))
  for (const [box, host] of hosts) {
    let at = out.indexOf(host)
    if (at < 0) at = out.length - 1
    while (
      at + 1 < out.length &&
      !hosts.has(out[at + 1]!) &&
      RUNS_ON.test(textOf(out[at]!)) &&
      GOES_ON.test(textOf(out[at + 1]!))
    ) {
      at++
    }
    // Two boxes beside one paragraph are read in the order the page gave them.
    while (hosts.get(out[at + 1] ?? -1) === host) at++
    out.splice(at + 1, 0, box)
  }
  return out
}
