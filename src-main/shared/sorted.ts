/** Index of the first element of an ascending array that is not less than `value`. */
export function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < value) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** How many elements of an ascending array lie in [from, to]. */
export function countWithin(sorted: readonly number[], from: number, to: number): number {
  return lowerBound(sorted, to + Number.EPSILON) - lowerBound(sorted, from)
}

/**
 * The element at index `k` of `values` sorted ascending, as `values.sort((a, b) => a - b)[k]`
 * gives it, found by quickselect: a line's median gap or a block's middle size needs one element,
 * and sorting them all was most of a line's cost. `values` is reordered; undefined where `k` is
 * outside it. Values with a NaN among them, whose place a comparator sort leaves to the engine,
 * are sorted that way.
 */
export function nthSmallest(values: number[], k: number): number | undefined {
  if (k < 0 || k >= values.length) return undefined
  for (const v of values) if (Number.isNaN(v)) return values.sort((a, b) => a - b)[k]
  let lo = 0
  let hi = values.length - 1
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (values[i]! < pivot) i++
      while (values[j]! > pivot) j--
      if (i <= j) {
        const t = values[i]!
        values[i] = values[j]!
        values[j] = t
        i++
        j--
      }
    }
    // [lo, j] holds no value above the pivot, [i, hi] none below it, and between them the pivot.
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return values[k]
  }
  return values[k]
}
