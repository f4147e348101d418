import type { BBox, PixelBox } from '../shared/layout.js'
import { mupdf } from './mupdf.js'

/**
 * Draws `box` (points of the page as it is run, then moved by `turn`) in grey on white at
 * `scale` pixels per point,
 * exactly as the page draws it, hands the pixmap and its pixel box to `read`, then frees it. Grey
 * is all recognition reads, at a third of the bytes of colour.
 */
export function readGreyRegion<T>(
  page: mupdf.Page,
  box: BBox,
  scale: number,
  read: (pixmap: mupdf.Pixmap, pixels: PixelBox) => T,
  turn: mupdf.Matrix = mupdf.Matrix.identity
): T {
  const pixels: [number, number, number, number] = [
    Math.floor(box[0] * scale),
    Math.floor(box[1] * scale),
    Math.ceil(box[2] * scale),
    Math.ceil(box[3] * scale)
  ]
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, pixels, false)
  try {
    pixmap.clear(255)
    const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap)
    try {
      page.run(device, mupdf.Matrix.concat(turn, mupdf.Matrix.scale(scale, scale)))
      device.close()
    } finally {
      device.destroy()
    }
    return read(pixmap, pixels)
  } finally {
    pixmap.destroy()
  }
}
