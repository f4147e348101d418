import { EXCLUDED_ROLES, boundsOf, isHorizontal, type BBox } from '../shared/layout.js'
import { gutterEdges } from '../shared/gutter-edges.js'
import type { CheckInput } from './check.js'

export type GutterRun = Readonly<{
  block: number
  /** Where the next column's lines start, in points from the page's left. */
  x: number
  lines: number
  /** The first such line, split at the gutter. */
  left: string
  right: string
  bbox: BBox
}>

/**
 * The page's body blocks whose lines still run across a gutter (shared/gutter-edges.ts), where
 * extraction left them whole: most of their long lines, five at least, with prose on both sides
 * of an inner edge where words start at one x. A table's rows cross its columns on purpose and
 * are left out.
 */
export function linesAcrossGutter({ layout, order, roles }: CheckInput): GutterRun[] {
  const found: GutterRun[] = []
  for (const id of order) {
    const role = roles[id] ?? 'body'
    if (EXCLUDED_ROLES.has(role) || role === 'table') continue
    const block = layout.blocks[id]
    if (!block) continue
    const [edge] = gutterEdges(block.lines.filter(isHorizontal))
    if (!edge) continue
    found.push({
      block: id,
      x: Math.round(edge.first.x * 10) / 10,
      lines: edge.crossing.length,
      left: edge.first.left,
      right: edge.first.right,
      bbox: boundsOf(edge.crossing.map((a) => a.line.bbox))
    })
  }
  return found
}
