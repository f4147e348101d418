import type { mupdf } from './mupdf.js'

/** The page's inherited /Rotate, snapped to a quarter turn: 0, 90, 180 or 270. */
export function rotationOf(page: mupdf.PDFPage): number {
  const rotate = page.getObject().getInheritable('Rotate')
  const degrees = rotate.isNumber() ? rotate.asNumber() : 0
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360
}
