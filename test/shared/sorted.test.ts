import { describe, expect, it } from 'vitest'
import { nthSmallest } from '../../src-main/shared/sorted.js'

/** A fixed sequence of pseudo-random numbers (a linear congruential generator), the same every run. */
function numbers(seed: number, count: number, spread: number): number[] {
  const out: number[] = []
  let x = seed
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648
    out.push(Math.round((x / 2147483648) * spread * 100) / 100 - spread / 2)
  }
  return out
}

describe('nthSmallest', () => {
  it('finds every index of the ascending order, duplicates included', () => {
    for (const [seed, count, spread] of [
      [1, 1, 10],
      [2, 2, 10],
      [3, 17, 2],
      [4, 64, 0.05],
      [5, 301, 40]
    ] as const) {
      const values = numbers(seed, count, spread)
      const sorted = [...values].sort((a, b) => a - b)
      for (let k = 0; k < count; k++) expect(nthSmallest([...values], k)).toBe(sorted[k])
    }
  })

  it('is undefined outside the array', () => {
    expect(nthSmallest([], 0)).toBeUndefined()
    expect(nthSmallest([3, 1], 2)).toBeUndefined()
    expect(nthSmallest([3, 1], -1)).toBeUndefined()
  })

  it('sorts as the comparator does when a NaN is among the values', () => {
    const values = [4, NaN, 1, Infinity, 0, 2]
    const sorted = [...values].sort((a, b) => a - b)
    for (let k = 0; k < values.length; k++) expect(nthSmallest([...values], k)).toBe(sorted[k])
  })
})
