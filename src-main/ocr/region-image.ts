import { mupdf } from '../extract/mupdf.js'
import type { BBox } from '../shared/layout.js'

export type RegionImage = Readonly<{
  png: Uint8Array
  /** Top-left corner of the image on the shown (turned) page, in points. */
  origin: readonly [number, number]
  scale: number
}>

/**
 * A part of the page as the reader sees it (turned by /Rotate), in grey at `scale` pixels per
 * point: `shown` is in the shown page's points. Grey is all OCR reads, at a third of the bytes.
 */
export function renderRegion(page: mupdf.Page, shown: BBox, scale: number): RegionImage {
  const pixels: [number, number, number, number] = [
    Math.floor(shown[0] * scale),
    Math.floor(shown[1] * scale),
    Math.ceil(shown[2] * scale),
    Math.ceil(shown[3] * scale)
  ]
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, pixels, false)
  try {
    pixmap.clear(255)
    const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap)
    try {
      page.run(device, mupdf.Matrix.scale(scale, scale))
      device.close()
    } finally {
      device.destroy()
    }
    return {
      png: pixmap.asPNG(),
      origin: [pixels[0] / scale, pixels[1] / scale],
      scale
    }
  } finally {
    pixmap.destroy()
  }
}
