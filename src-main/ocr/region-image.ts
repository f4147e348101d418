import { mupdf } from '../extract/mupdf.js'
import type { BBox, PixelBox } from '../shared/layout.js'
import { inkGrid, type InkGrid } from './ink-grid.js'

export type RegionImage = Readonly<{
  png: Uint8Array
  /** A box of the image's pixels as a box of the shown (turned by /Rotate) page, in points. */
  toShown: (box: PixelBox) => BBox
  /** How many dark pixels each row of the image holds: where its text lines are. */
  inkRows: readonly number[]
  /** Where the ink is, to tell what of it OCR's words left out. */
  ink: InkGrid
}>

/**
 * A part of the page as the reader sees it (turned by /Rotate), in grey at `scale` pixels per
 * point: `shown` is in the shown page's points. `turn` turns the picture further (MuPDF's
 * Matrix.rotate, degrees) for a page scanned sideways inside its image; `rows` keeps only those
 * rows of the turned image (a band of lines to try a model on).
 */
export function renderRegion(
  page: mupdf.Page,
  shown: BBox,
  scale: number,
  turn = 0,
  rows?: readonly [number, number]
): RegionImage {
  const matrix = mupdf.Matrix.concat(mupdf.Matrix.scale(scale, scale), mupdf.Matrix.rotate(turn))
  const [x0, y0, x1, y1] = mupdf.Rect.transform([...shown], matrix)
  const top = Math.floor(y0)
  const pixels: [number, number, number, number] = rows
    ? [Math.floor(x0), top + rows[0], Math.ceil(x1), top + rows[1]]
    : [Math.floor(x0), top, Math.ceil(x1), Math.ceil(y1)]
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, pixels, false)
  try {
    pixmap.clear(255)
    const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap)
    try {
      page.run(device, matrix)
      device.close()
    } finally {
      device.destroy()
    }
    const inverse = mupdf.Matrix.invert(matrix)
    const [left, up] = pixels
    return {
      png: pixmap.asPNG(),
      toShown: (box) =>
        mupdf.Rect.transform([box[0] + left, box[1] + up, box[2] + left, box[3] + up], inverse),
      inkRows: inkRows(pixmap),
      ink: inkGrid(pixmap.getPixels(), pixmap.getWidth(), pixmap.getHeight(), pixmap.getStride())
    }
  } finally {
    pixmap.destroy()
  }
}

function inkRows(pixmap: mupdf.Pixmap): number[] {
  const samples = pixmap.getPixels()
  const stride = pixmap.getStride()
  const width = pixmap.getWidth()
  const rows: number[] = []
  for (let y = 0; y < pixmap.getHeight(); y++) {
    let dark = 0
    for (let i = y * stride; i < y * stride + width; i++) if (samples[i]! < 128) dark++
    rows.push(dark)
  }
  return rows
}
