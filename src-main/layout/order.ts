import type { Block, PageLayout } from '../shared/layout.js'

/** Blocks whose tops differ by less than this many points are taken to sit on the same row. */
const ROW_TOLERANCE = 3

function byTop(a: Block, b: Block): number {
  return a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0] || a.id - b.id
}

/**
 * The first, simple reading order: blocks top to bottom, and left to right within a row. It reads
 * single-column pages well and interleaves columns; the reading-order work replaces it.
 */
export function readingOrder(layout: PageLayout): number[] {
  const sorted = [...layout.blocks].sort(byTop)
  const order: number[] = []
  let row: Block[] = []
  const flush = (): void => {
    row.sort((a, b) => a.bbox[0] - b.bbox[0] || a.id - b.id)
    for (const block of row) order.push(block.id)
    row = []
  }
  for (const block of sorted) {
    const top = row[0]?.bbox[1]
    if (top !== undefined && block.bbox[1] - top >= ROW_TOLERANCE) flush()
    row.push(block)
  }
  flush()
  return order
}
