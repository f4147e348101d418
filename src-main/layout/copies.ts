import { drawnText, type BBox, type PageLayout } from '../shared/layout.js'
import { memoize } from '../shared/memo.js'

/** How far a copy may sit from the block it repeats: fake bold offsets the second pass by a hair. */
const OFFSET = 1.5

/**
 * Items that repeat an earlier item's text at the same place: what a producer painted a second
 * time over itself (fake bold). Items without text repeat nothing.
 */
export function paintedTwice<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  boxOf: (item: T) => BBox
): Set<T> {
  const copies = new Set<T>()
  const seen = new Map<string, BBox[]>()
  for (const item of items) {
    const text = textOf(item)
    if (text.trim() === '') continue
    const box = boxOf(item)
    const earlier = seen.get(text)
    if (earlier?.some((b) => b.every((v, i) => Math.abs(v - box[i]!) < OFFSET))) copies.add(item)
    else if (earlier) earlier.push(box)
    else seen.set(text, [box])
  }
  return copies
}

/**
 * Blocks drawn again over an earlier block (a producer's fake bold paints a heading twice,
 * redp5110 page 10). The first is read; each copy is left out of the text, so the heading is not
 * read twice.
 */
export const copiedBlocks = memoize((layout: PageLayout): ReadonlySet<number> => {
  const blocks = paintedTwice(layout.blocks, drawnText, (b) => b.bbox)
  return new Set([...blocks].map((b) => b.id))
})
