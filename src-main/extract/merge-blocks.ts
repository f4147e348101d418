import type { BBox, Block, Line } from '../shared/layout.js'

/**
 * Whether `next` continues `merged`, the block built so far, whose last part (the last block of
 * MuPDF's merged into it) is `last`.
 */
export type Continues = (merged: Block, last: Block, next: Block) => boolean

/**
 * MuPDF's blocks in drawing order, each merged into the one before it while it continues it;
 * merged blocks are numbered afresh, in order.
 */
export function mergeConsecutive(blocks: readonly Block[], continues: Continues): Block[] {
  const out: Block[] = []
  // The lines of the block being merged, grown in place: copying them at every merge was
  // quadratic on a double-spaced page, whose paragraphs MuPDF gives a block per line.
  let lines: Line[] = []
  let last: Block | undefined
  for (const block of blocks) {
    const previous = out[out.length - 1]
    if (previous && last && continues(previous, last, block)) {
      for (const line of block.lines) lines.push(line)
      out[out.length - 1] = { id: previous.id, bbox: union(previous.bbox, block.bbox), lines }
    } else {
      lines = [...block.lines]
      out.push({ ...block, id: out.length, lines })
    }
    last = block
  }
  return out
}

function union(a: BBox, b: BBox): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]
}
