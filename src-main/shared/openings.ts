import { isHorizontal, type Line } from './layout.js'

/**
 * The x ranges, left to right, at least `min` points wide, that none of the lines reaches into:
 * the gutters a block's or a page's lines leave between their columns.
 */
export function openings(lines: readonly Line[], min: number): Array<[number, number]> {
  if (lines.length === 0) return []
  const spans = lines.map((l) => [l.bbox[0], l.bbox[2]] as const).sort((p, q) => p[0] - q[0])
  const found: Array<[number, number]> = []
  let reach = spans[0]![1]
  for (const [start, end] of spans) {
    if (start - reach >= min) found.push([reach, start])
    reach = Math.max(reach, end)
  }
  return found
}

/** Points a band of the page's whitespace is wide at least, whatever the type. */
const MIN_BAND = 4

/**
 * Bands of whitespace an em wide and more (MIN_BAND points at least) that no upright line of the
 * page reaches into, from its top to its foot: the gutters of a page's columns or a leaflet's
 * panels, whatever stands in them. A page with a line across its columns (a title, a running
 * head) has none.
 */
export const pageBands = (lines: readonly Line[], em: number): Array<[number, number]> =>
  openings(lines.filter(isHorizontal), Math.max(MIN_BAND, em))
