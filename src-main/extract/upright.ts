import type { BBox, Block, Line } from '../shared/layout.js'

type Turn = (box: BBox) => BBox

/**
 * Boxes turned from the page into the reading frame of text running up, down or upside down
 * the page: a line of it runs left to right there and the next line is below it. Only relative
 * positions are kept, so no page size is needed.
 */
const TURNS: ReadonlyArray<Readonly<{ dir: readonly [number, number]; turn: Turn }>> = [
  // Up the page (drawn turned a quarter counter-clockwise): the next line stands to its right.
  { dir: [0, -1], turn: ([x0, y0, x1, y1]) => [-y1, x0, -y0, x1] },
  // Down the page: the next line stands to its left.
  { dir: [0, 1], turn: ([x0, y0, x1, y1]) => [y0, -x1, y1, -x0] },
  // Upside down: the next line stands above it.
  { dir: [-1, 0], turn: ([x0, y0, x1, y1]) => [-x1, -y1, -x0, -y0] }
]

const along = (line: Line, dir: readonly [number, number]): boolean =>
  line.wmode === 0 && line.dir[0] * dir[0] + line.dir[1] * dir[1] > 0.99

/**
 * A block of text set turned on the page as it reads: boxes in its reading frame, lines running
 * left to right, and which way it was turned (an index, the same for blocks turned alike). Null
 * for a block that is upright already or not all turned the same way.
 */
export function uprightView(block: Block): Readonly<{ way: number; block: Block }> | null {
  const way = TURNS.findIndex(({ dir }) => block.lines.every((l) => along(l, dir)))
  if (way < 0 || block.lines.length === 0) return null
  const { turn } = TURNS[way]!
  return { way, block: turnedBlock(block, turn) }
}

function turnedBlock(block: Block, turn: Turn): Block {
  return {
    id: block.id,
    bbox: turn(block.bbox),
    lines: block.lines.map((line) => ({
      ...line,
      bbox: turn(line.bbox),
      dir: [1, 0],
      spans: line.spans.map((span) => ({ ...span, bbox: turn(span.bbox), charX: [] }))
    }))
  }
}
