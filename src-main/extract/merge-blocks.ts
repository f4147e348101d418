import { boundsOf, type Block } from '../shared/layout.js'

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
  let last: Block | undefined
  for (const block of blocks) {
    const previous = out[out.length - 1]
    if (previous && last && continues(previous, last, block)) {
      out[out.length - 1] = {
        id: previous.id,
        bbox: boundsOf([previous.bbox, block.bbox]),
        lines: [...previous.lines, ...block.lines]
      }
    } else {
      out.push({ ...block, id: out.length })
    }
    last = block
  }
  return out
}
