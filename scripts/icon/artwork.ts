import { mupdf } from '../../src-main/extract/mupdf.js'

type Color = readonly [number, number, number]

const BLUE: Color = [0x1f / 255, 0x4e / 255, 0x79 / 255]
const WHITE: Color = [1, 1, 1]
const FOLD: Color = [0xb9 / 255, 0xcd / 255, 0xe0 / 255]
const LINE: Color = [0x8a / 255, 0xa4 / 255, 0xbd / 255]
const MARK: Color = [0xf2 / 255, 0xb6 / 255, 0x32 / 255]

/** Bézier handle length for a quarter circle. */
const KAPPA = 0.5523

function roundedRect(
  x: number,
  y: number,
  w: number,
  h: number,
  r: number
): InstanceType<typeof mupdf.Path> {
  const path = new mupdf.Path()
  const k = r * KAPPA
  path.moveTo(x + r, y)
  path.lineTo(x + w - r, y)
  path.curveTo(x + w - r + k, y, x + w, y + r - k, x + w, y + r)
  path.lineTo(x + w, y + h - r)
  path.curveTo(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h)
  path.lineTo(x + r, y + h)
  path.curveTo(x + r - k, y + h, x, y + h - r + k, x, y + h - r)
  path.lineTo(x, y + r)
  path.curveTo(x, y + r - k, x + r - k, y, x + r, y)
  path.closePath()
  return path
}

function polygon(points: readonly (readonly [number, number])[]): InstanceType<typeof mupdf.Path> {
  const path = new mupdf.Path()
  points.forEach(([x, y], i) => (i === 0 ? path.moveTo(x, y) : path.lineTo(x, y)))
  path.closePath()
  return path
}

/**
 * Recto's icon on a 1024 grid: a page of text lines on a blue tile, one line marked as a
 * reviewer marks a correction.
 */
const SHAPES: readonly (readonly [InstanceType<typeof mupdf.Path>, Color])[] = [
  [roundedRect(64, 64, 896, 896, 200), BLUE],
  [
    polygon([
      [296, 184],
      [628, 184],
      [768, 324],
      [768, 840],
      [296, 840]
    ]),
    WHITE
  ],
  [
    polygon([
      [628, 184],
      [628, 324],
      [768, 324]
    ]),
    FOLD
  ],
  [roundedRect(364, 388, 336, 40, 20), LINE],
  [roundedRect(364, 476, 336, 40, 20), LINE],
  [roundedRect(348, 552, 368, 72, 24), MARK],
  [roundedRect(364, 568, 280, 40, 20), BLUE],
  [roundedRect(364, 652, 336, 40, 20), LINE],
  [roundedRect(364, 740, 200, 40, 20), LINE]
]

/** The icon as a PNG of `size` pixels square, drawn by MuPDF on a transparent background. */
export function iconPng(size: number): Uint8Array {
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, size, size], true)
  pixmap.clear()
  const scale = mupdf.Matrix.scale(size / 1024, size / 1024)
  const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap)
  for (const [path, color] of SHAPES) {
    device.fillPath(path, false, scale, mupdf.ColorSpace.DeviceRGB, [...color], 1)
  }
  device.close()
  return pixmap.asPNG()
}
