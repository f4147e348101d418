import { readGreyRegion } from '../extract/grey-region.js'
import type { mupdf } from '../extract/mupdf.js'
import type { BBox } from '../shared/layout.js'

export type RegionImage = Readonly<{
  png: Uint8Array
  /** Top-left corner of the image on the shown (turned) page, in points. */
  origin: readonly [number, number]
  scale: number
}>

/**
 * A part of the page as the reader sees it (turned by /Rotate, then by `turn`), in grey at
 * `scale` pixels per point: `shown` is in the turned page's points.
 */
export function renderRegion(
  page: mupdf.Page,
  shown: BBox,
  scale: number,
  turn: mupdf.Matrix
): RegionImage {
  return readGreyRegion(
    page,
    shown,
    scale,
    (pixmap, pixels) => ({
      png: pixmap.asPNG(),
      origin: [pixels[0] / scale, pixels[1] / scale],
      scale
    }),
    turn
  )
}
