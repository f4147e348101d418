import type { Block, PageLayout } from '../shared/layout.js'
import { memoize } from '../shared/memo.js'

/**
 * Median character size of the page's text, weighted by characters (up to 200 a span).
 * Computed once per layout: the order, the notes, the boilerplate and two checks all ask.
 */
export const bodySize = memoize((layout: PageLayout): number => medianSize(layout.blocks))

/**
 * Median character size of some blocks' text, weighted by characters (up to 200 a span). Spans
 * are sorted by size and walked to the middle character, rather than one entry sorted per
 * character.
 */
export function medianSize(blocks: readonly Block[]): number {
  const spans: Array<{ size: number; chars: number }> = []
  let total = 0
  for (const block of blocks) {
    for (const line of block.lines) {
      for (const span of line.spans) {
        const chars = Math.min(span.text.length, 200)
        if (chars === 0) continue
        spans.push({ size: span.size, chars })
        total += chars
      }
    }
  }
  spans.sort((a, b) => a.size - b.size)
  let rank = Math.floor(total / 2)
  for (const span of spans) {
    if (rank < span.chars) return span.size
    rank -= span.chars
  }
  return 10
}
