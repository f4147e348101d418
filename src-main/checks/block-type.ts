import { drawnLine, isHorizontal, type Block } from '../shared/layout.js'

/**
 * Type sizes further apart than this share are two kinds of text: a caption, a footnote or a
 * side box beside the running text.
 */
const OTHER_SIZE = 0.15

/** Whether two type sizes belong to two kinds of text. */
export function otherSizes(a: number, b: number): boolean {
  return Math.abs(a - b) > OTHER_SIZE * Math.max(a, b)
}

/** A block's type size: the largest of its spans'. */
export function typeSize(block: Block): number {
  return Math.max(0, ...block.lines.flatMap((line) => line.spans.map((s) => s.size)))
}

/** A block's upright lines as drawn, trimmed, empty ones left out. */
export function blockLines(block: Block): string[] {
  return block.lines
    .filter(isHorizontal)
    .map((line) => drawnLine(line).trim())
    .filter((text) => text !== '')
}
