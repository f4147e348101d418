import type { PageLayout } from '../shared/layout.js'

/** How far a copy may sit from the block it repeats: fake bold offsets the second pass by a hair. */
const OFFSET = 1.5

/**
 * Blocks drawn again over an earlier block: the same text at the same place (a producer's fake
 * bold paints a heading twice, redp5110 page 10). The first is read; each copy is left out of
 * the text, so the heading is not read twice.
 */
export function copiedBlocks(layout: PageLayout): ReadonlySet<number> {
  const cached = found.get(layout)
  if (cached) return cached
  const copies = new Set<number>()
  const seen = new Map<string, Array<readonly number[]>>()
  for (const block of layout.blocks) {
    const text = block.lines.map((l) => l.spans.map((s) => s.text).join('')).join('\n')
    if (text.trim() === '') continue
    const earlier = seen.get(text)
    if (earlier?.some((box) => box.every((v, i) => Math.abs(v - block.bbox[i]!) < OFFSET))) {
      copies.add(block.id)
    } else if (earlier) earlier.push(block.bbox)
    else seen.set(text, [block.bbox])
  }
  found.set(layout, copies)
  return copies
}

/** Roles and two checks ask for the same page's copies. */
const found = new WeakMap<PageLayout, ReadonlySet<number>>()
