import { blockStyle, headingLevel } from '../layout/headings.js'
import type { PageView } from './page-view.js'

/**
 * A heading's level as its size against the body gives it (1 for a title, 4 for a bold run-in
 * heading at body size), or 4 where that gives none (a block a reviewer made a heading).
 */
export function sizeLevel(view: PageView['blocks'][number], text: string, body: number): number {
  return headingLevel(blockStyle(view.block), text, view.block.lines.length, body) || 4
}

/**
 * The document's heading levels closed up into its own hierarchy: the levels its headings use,
 * largest first, become 1, 2, 3… A document whose only headings are bold lines at body size has
 * them as `#`, not `####`; one with a title and bold section heads, `#` and `##`.
 */
export function documentHeadingRanks(
  views: readonly PageView[],
  body: number
): ReadonlyMap<number, number> {
  const used = new Set<number>()
  for (const view of views) {
    for (const b of view.blocks) {
      if (b.excluded || b.role !== 'heading') continue
      const text = b.text.replace(/\s+/gu, ' ').trim()
      if (text !== '') used.add(sizeLevel(b, text, body))
    }
  }
  return new Map([...used].sort((a, b) => a - b).map((level, i) => [level, i + 1]))
}
