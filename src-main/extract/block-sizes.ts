import { middleSize, type Block, type Line } from '../shared/layout.js'

/**
 * A block's span sizes, sorted once, for the middle size of all its lines but one: a line
 * standing alone at an edge is measured against the rest of its block, and gathering the other
 * lines' spans anew for each such line grew with the square of the block's lines.
 */
export class BlockSizes {
  private sorted: Float64Array | null = null
  private unordered = false

  constructor(private readonly block: Block) {}

  /** `middleSize` of the spans of every line of the block but `line`. */
  middleWithout(line: Line): number | undefined {
    const all = this.sortedSizes()
    if (this.unordered) {
      return middleSize(this.block.lines.filter((l) => l !== line).flatMap((l) => l.spans))
    }
    const own = Float64Array.from(line.spans, (s) => s.size).sort()
    const k = (all.length - own.length) >> 1
    if (k >= all.length - own.length) return undefined
    // The k-th smallest of the rest is the smallest size at or below which more than k of the
    // rest lie; the count never falls as the size grows, so it is found by halving.
    let lo = 0
    let hi = all.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (countUpTo(all, all[mid]!) - countUpTo(own, all[mid]!) > k) hi = mid
      else lo = mid + 1
    }
    return all[lo]
  }

  private sortedSizes(): Float64Array {
    if (this.sorted !== null) return this.sorted
    const sizes: number[] = []
    for (const line of this.block.lines) for (const span of line.spans) sizes.push(span.size)
    // Where a size is NaN the middle one is the engine's sort's, as middleSize leaves it.
    this.unordered = sizes.some(Number.isNaN)
    this.sorted = Float64Array.from(sizes).sort()
    return this.sorted
  }
}

/** How many of the ascending `values` are at most `v`. */
function countUpTo(values: Float64Array, v: number): number {
  let lo = 0
  let hi = values.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (values[mid]! <= v) lo = mid + 1
    else hi = mid
  }
  return lo
}
