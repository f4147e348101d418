import type { BBox } from '@shared/layout'

export type Box = Readonly<{ left: number; top: number; width: number; height: number }>

/** Size of the page as shown: /Rotate 90 and 270 swap width and height. */
export function displaySize(
  width: number,
  height: number,
  rotation: number
): { width: number; height: number } {
  return rotation === 90 || rotation === 270 ? { width: height, height: width } : { width, height }
}

/**
 * A block's box as a share (0–1) of the shown page. Layout boxes are in the unrotated page's
 * space; MuPDF renders the page rotated clockwise by /Rotate, so the box turns with it.
 */
export function shownBox(bbox: BBox, width: number, height: number, rotation: number): Box {
  const [x0, y0, x1, y1] = bbox
  const shown = displaySize(width, height, rotation)
  let box: [number, number, number, number]
  if (rotation === 90) box = [height - y1, x0, height - y0, x1]
  else if (rotation === 180) box = [width - x1, height - y1, width - x0, height - y0]
  else if (rotation === 270) box = [y0, width - x1, y1, width - x0]
  else box = [x0, y0, x1, y1]
  return {
    left: box[0] / shown.width,
    top: box[1] / shown.height,
    width: (box[2] - box[0]) / shown.width,
    height: (box[3] - box[1]) / shown.height
  }
}

/**
 * The inverse of `shownBox`: a box given as a share (0–1) of the shown page, back in the
 * unrotated page's points, as the engine's layout boxes are.
 */
export function pageBox(box: Box, width: number, height: number, rotation: number): BBox {
  const shown = displaySize(width, height, rotation)
  const x0 = box.left * shown.width
  const y0 = box.top * shown.height
  const x1 = (box.left + box.width) * shown.width
  const y1 = (box.top + box.height) * shown.height
  if (rotation === 90) return [y0, height - x1, y1, height - x0]
  if (rotation === 180) return [width - x1, height - y1, width - x0, height - y0]
  if (rotation === 270) return [width - y1, x0, width - y0, x1]
  return [x0, y0, x1, y1]
}
