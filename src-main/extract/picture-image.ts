import type { BBox } from '../shared/layout.js'
import { pageFrame, type Matrix } from './geometry.js'
import { mupdf } from './mupdf.js'
import { encodePng } from './png.js'

/**
 * A box of a page (points of the unrotated page, origin top-left: the layout's space) drawn in
 * colour at `scale` pixels per point, as a PNG: a picture of the page cut out as it is printed.
 */
export function renderBox(page: mupdf.PDFPage, box: BBox, scale: number): Uint8Array {
  const frame = pageFrame(page.getTransform() as unknown as Matrix, page.getBounds())
  const pixels: [number, number, number, number] = [
    Math.floor(box[0] * scale),
    Math.floor(box[1] * scale),
    Math.max(Math.floor(box[0] * scale) + 1, Math.ceil(box[2] * scale)),
    Math.max(Math.floor(box[1] * scale) + 1, Math.ceil(box[3] * scale))
  ]
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, pixels, false)
  try {
    pixmap.clear(255)
    const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap)
    try {
      // The page runs in its displayed (rotated) space; toPage turns that into the layout's.
      const toPage = frame.toPage as unknown as mupdf.Matrix
      page.run(device, mupdf.Matrix.concat(toPage, mupdf.Matrix.scale(scale, scale)))
      device.close()
    } finally {
      device.destroy()
    }
    return encodePng({
      samples: pixmap.getPixels(),
      width: pixmap.getWidth(),
      height: pixmap.getHeight(),
      dpi: Math.round(72 * scale)
    })
  } finally {
    pixmap.destroy()
  }
}
