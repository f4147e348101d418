import type { Line } from '../shared/layout.js'

/** Points a line's box may reach past the edge its column's text is set to. */
const EDGE = 0.5

/**
 * Whether the whitespace from x `g0` to `g1` runs clear from height `y0` to `y1`: no line of the
 * page reaches into it, as none does into a gutter between columns (a line across them would).
 */
export function isGutterClear(
  page: readonly Line[],
  [g0, g1]: readonly [number, number],
  [y0, y1]: readonly [number, number]
): boolean {
  return !page.some(
    (l) => l.bbox[3] > y0 && l.bbox[1] < y1 && l.bbox[0] < g1 - EDGE && l.bbox[2] > g0 + EDGE
  )
}
