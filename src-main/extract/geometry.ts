import type { BBox } from '../shared/layout.js'

/** An affine matrix [a, b, c, d, e, f] mapping (x, y) to (ax + cy + e, bx + dy + f). */
export type Matrix = readonly [number, number, number, number, number, number]

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]

function invert(m: Matrix): Matrix {
  const det = m[0] * m[3] - m[1] * m[2]
  if (Math.abs(det) < 1e-12) return IDENTITY
  const a = m[3] / det
  const b = -m[1] / det
  const c = -m[2] / det
  const d = m[0] / det
  return [a, b, c, d, -m[4] * a - m[5] * c, -m[4] * b - m[5] * d]
}

/** `first` then `second`. */
function concat(first: Matrix, second: Matrix): Matrix {
  return [
    first[0] * second[0] + first[1] * second[2],
    first[0] * second[1] + first[1] * second[3],
    first[2] * second[0] + first[3] * second[2],
    first[2] * second[1] + first[3] * second[3],
    first[4] * second[0] + first[5] * second[2] + second[4],
    first[4] * second[1] + first[5] * second[3] + second[5]
  ]
}

/**
 * Two decimals: a hundredth of a point is far below any layout decision, and halves the JSON.
 * `|| 0` turns -0 (from rotation matrices) into 0.
 */
export function round(value: number): number {
  return Math.round(value * 100) / 100 || 0
}

export function transformRect(m: Matrix, r: BBox): BBox {
  // The four corners written out, with no arrays: this runs for every block and line of a page.
  const a = m[0]
  const b = m[1]
  const c = m[2]
  const d = m[3]
  const e = m[4]
  const f = m[5]
  const x0 = r[0]
  const y0 = r[1]
  const x1 = r[2]
  const y1 = r[3]
  const ax = a * x0 + c * y0 + e
  const bx = a * x1 + c * y0 + e
  const cx = a * x0 + c * y1 + e
  const dx = a * x1 + c * y1 + e
  const ay = b * x0 + d * y0 + f
  const by = b * x1 + d * y0 + f
  const cy = b * x0 + d * y1 + f
  const dy = b * x1 + d * y1 + f
  return [
    round(Math.min(ax, bx, cx, dx)),
    round(Math.min(ay, by, cy, dy)),
    round(Math.max(ax, bx, cx, dx)),
    round(Math.max(ay, by, cy, dy))
  ]
}

/** A direction vector through the linear part of `m`, normalised. */
export function transformDirection(m: Matrix, x: number, y: number): [number, number] {
  const tx = m[0] * x + m[2] * y
  const ty = m[1] * x + m[3] * y
  const length = Math.hypot(tx, ty) || 1
  return [round(tx / length), round(ty / length)]
}

export type PageFrame = Readonly<{
  /** MuPDF device space (the rotated, displayed page) to the unrotated page, origin top-left. */
  toPage: Matrix
  /** True when toPage is the identity, so the per-character transform can be skipped. */
  identity: boolean
  width: number
  height: number
}>

/**
 * MuPDF lays out structured text in the displayed (rotated) page; the layout contract wants the
 * unrotated page with its origin at the top-left. `pageTransform` maps PDF user space to the
 * displayed page and `bounds` is the displayed page box.
 */
export function pageFrame(pageTransform: Matrix, bounds: BBox): PageFrame {
  const toUser = invert(pageTransform)
  const user = transformRect(toUser, bounds)
  const flip: Matrix = [1, 0, 0, -1, -user[0], user[3]]
  const toPage = concat(toUser, flip)
  const identity = toPage.every((v, i) => Math.abs(v - (IDENTITY[i] ?? 0)) < 1e-6)
  return {
    toPage,
    identity,
    width: round(user[2] - user[0]),
    height: round(user[3] - user[1])
  }
}
