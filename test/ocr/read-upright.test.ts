import { describe, expect, it } from 'vitest'
import { densestBand } from '../../src-main/ocr/read-upright.js'

describe('densestBand', () => {
  it('finds the fifth of the rows that holds the most ink', () => {
    // 100 rows: a heading at the top, a block of text lower down.
    const rows = Array.from({ length: 100 }, (_, y) =>
      y < 4 ? 50 : y >= 60 && y < 80 ? (y % 4 === 0 ? 0 : 30) : 0
    )
    expect(densestBand(rows)).toEqual([60, 80])
  })

  it('keeps to the image on a blank page or a short one', () => {
    expect(densestBand(new Array<number>(10).fill(0))).toEqual([0, 2])
    expect(densestBand([5])).toEqual([0, 1])
  })
})
