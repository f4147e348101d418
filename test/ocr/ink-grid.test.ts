import { describe, expect, it } from 'vitest'
import { CELL, coveredInk, inkGrid } from '../../src-main/ocr/ink-grid.js'

/** A white image `width`×`height` with black rectangles [x0, y0, x1, y1) on it. */
function image(width: number, height: number, ...boxes: [number, number, number, number][]) {
  const samples = new Uint8Array(width * height).fill(255)
  for (const [x0, y0, x1, y1] of boxes) {
    for (let y = y0; y < y1; y++) samples.fill(0, y * width + x0, y * width + x1)
  }
  return inkGrid(samples, width, height, width)
}

describe('ink grid', () => {
  it('counts dark pixels per cell', () => {
    const grid = image(4 * CELL, 2 * CELL, [0, 0, 2, 2], [3 * CELL, CELL, 4 * CELL, 2 * CELL])
    expect([grid.columns, grid.rows]).toEqual([4, 2])
    expect(grid.cells[0]).toBe(4)
    expect(grid.cells[7]).toBe(CELL * CELL)
    expect(grid.cells.reduce((a, b) => a + b, 0)).toBe(4 + CELL * CELL)
  })

  it('tells what share of the ink the boxes cover, as a line left out of them shows', () => {
    // Two "lines" of ink, the second twice as long as the first.
    const grid = image(100, 60, [10, 10, 40, 20], [10, 40, 70, 50])
    expect(coveredInk(grid, [])).toBe(0)
    expect(
      coveredInk(grid, [
        [10, 10, 40, 20],
        [10, 40, 70, 50]
      ])
    ).toBe(1)
    expect(coveredInk(grid, [[10, 40, 70, 50]])).toBeCloseTo(2 / 3, 2)
    expect(coveredInk(image(10, 10), [])).toBe(1)
  })
})
