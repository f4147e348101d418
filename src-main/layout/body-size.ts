import type { Block, PageLayout } from '../shared/layout.js'
import { memoize } from '../shared/memo.js'

/**
 * Median character size of the page's text, weighted by characters (up to 200 a span).
 * Computed once per layout: the order, the notes, the boilerplate and two checks all ask.
 */
export const bodySize = memoize((layout: PageLayout): number => medianSize(layout.blocks))

/**
 * Median character size of some blocks' text, weighted by characters (up to 200 a span). The
 * characters are counted by size and the few sizes sorted, rather than every span: a page of
 * thousands of spans sorted by size was 1% of an ingest worker's time.
 */
export function medianSize(blocks: readonly Block[]): number {
  const charsOfSize = new Map<number, number>()
  let total = 0
  for (const block of blocks) {
    for (const line of block.lines) {
      for (const span of line.spans) {
        const chars = Math.min(span.text.length, 200)
        if (chars === 0) continue
        charsOfSize.set(span.size, (charsOfSize.get(span.size) ?? 0) + chars)
        total += chars
      }
    }
  }
  const sizes = [...charsOfSize.keys()].sort((a, b) => a - b)
  let rank = Math.floor(total / 2)
  for (const size of sizes) {
    const chars = charsOfSize.get(size)!
    if (rank < chars) return size
    rank -= chars
  }
  return 10
}
