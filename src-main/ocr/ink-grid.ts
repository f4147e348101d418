import type { PixelBox } from '../shared/layout.js'

/**
 * Where an image's ink is, in square cells of CELL pixels: enough to tell which of it OCR's words
 * cover (a line's end it left out, a heading it dropped), at a sixteenth of the image's size.
 */
export type InkGrid = Readonly<{
  columns: number
  rows: number
  /** Dark pixels in each cell, row after row. */
  cells: Uint16Array
}>

/** Pixels on a cell's side: 8 at 300 dpi is about a fifth of a letter of body text. */
export const CELL = 8

/** The grid of a grey image's samples (one byte a pixel, `stride` bytes a row; dark below 128). */
export function inkGrid(
  samples: ArrayLike<number>,
  width: number,
  height: number,
  stride: number
): InkGrid {
  const columns = Math.ceil(width / CELL)
  const rows = Math.ceil(height / CELL)
  const cells = new Uint16Array(columns * rows)
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / CELL) * columns
    for (let x = 0; x < width; x++) {
      if (samples[y * stride + x]! < 128) cells[row + Math.floor(x / CELL)]!++
    }
  }
  return { columns, rows, cells }
}

/**
 * The share of the ink (0 to 1) that lies in the boxes: a cell counts as covered when one overlaps
 * it (OCR's boxes are tight: a letter's edge falls in a cell on the line). 1 for an image without
 * ink.
 */
export function coveredInk(grid: InkGrid, boxes: readonly PixelBox[]): number {
  let ink = 0
  let covered = 0
  for (let row = 0; row < grid.rows; row++) {
    const y = row * CELL
    for (let column = 0; column < grid.columns; column++) {
      const dark = grid.cells[row * grid.columns + column]!
      if (dark === 0) continue
      ink += dark
      const x = column * CELL
      if (boxes.some(([x0, y0, x1, y1]) => x < x1 && x + CELL > x0 && y < y1 && y + CELL > y0)) {
        covered += dark
      }
    }
  }
  return ink === 0 ? 1 : covered / ink
}
