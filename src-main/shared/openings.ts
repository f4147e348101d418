import type { Line } from './layout.js'

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
