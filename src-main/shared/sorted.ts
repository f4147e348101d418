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
