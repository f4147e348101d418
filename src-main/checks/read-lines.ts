import { isRtlText } from '../layout/rtl.js'
import {
  drawnLine,
  drawnText,
  EXCLUDED_ROLES,
  isHorizontal,
  type BBox,
  type Block,
  type BlockRole
} from '../shared/layout.js'
import { blockLines } from './block-type.js'
import type { CheckInput } from './check.js'

/** A line of the page's text as it is read: in reading order, with its block, box and size. */
export type ReadLine = Readonly<{
  block: number
  text: string
  bbox: BBox
  size: number
  table: boolean
  /** Set in a monospaced font throughout: code, which a sentence may show inside itself. */
  mono: boolean
}>

/** Lines as a block's text reads them: a row at a time, each row left to right. */
function byRows(a: ReadLine, b: ReadLine): number {
  return sameRow(a.bbox, b.bbox) ? a.bbox[0] - b.bbox[0] : a.bbox[1] - b.bbox[1]
}

/**
 * The upright lines of the page's read text (running heads and noise left out), in the order the
 * page's text gives them: a table's a row at a time, as its text reads it.
 */
export function readLines({ layout, order, roles }: CheckInput): ReadLine[] {
  const lines: ReadLine[] = []
  for (const id of order) {
    const role = roles[id] ?? 'body'
    if (EXCLUDED_ROLES.has(role)) continue
    const block = layout.blocks[id]
    if (!block) continue
    const own: ReadLine[] = []
    for (const line of block.lines) {
      const text = drawnLine(line).trim()
      if (text === '' || !isHorizontal(line)) continue
      const size = Math.max(...line.spans.map((s) => s.size))
      own.push({
        block: id,
        text,
        bbox: line.bbox,
        size,
        table: role === 'table',
        mono: line.spans.every((s) => s.mono)
      })
    }
    // A block's text joins its rows top to bottom, each row left to right, whatever order MuPDF
    // drew its lines in (a panel's line and the list item beside it, made one block): the
    // checks read the lines as the text gives them.
    lines.push(...(isRtlText(drawnText(block)) ? own : own.sort(byRows)))
  }
  return lines
}

/** A block of the page's read text, with its role and its upright lines as drawn. */
export type ReadBlock = Readonly<{
  id: number
  role: BlockRole
  block: Block
  lines: readonly string[]
}>

/**
 * The blocks of the page's read text (running heads and noise left out) in reading order, those
 * with no upright text left out: what the checks that follow a column's paragraphs walk.
 */
export function readBlocks({ layout, order, roles }: CheckInput): ReadBlock[] {
  const found: ReadBlock[] = []
  for (const id of order) {
    const role = roles[id] ?? 'body'
    const block = layout.blocks[id]
    if (EXCLUDED_ROLES.has(role) || !block) continue
    const lines = blockLines(block)
    if (lines.length > 0) found.push({ id, role, block, lines })
  }
  return found
}

/** Whether two lines share no stretch of the page's width. */
export function apartInX(a: BBox, b: BBox): boolean {
  return a[2] <= b[0] || b[2] <= a[0]
}

/** Of the narrower box's width, the share two boxes must share to stand in one column. */
const SAME_COLUMN = 0.5

/** Whether two boxes stand in one column: they share half the narrower one's width. */
export function oneColumn(a: BBox, b: BBox): boolean {
  const shared = Math.min(a[2], b[2]) - Math.max(a[0], b[0])
  return shared >= SAME_COLUMN * Math.min(a[2] - a[0], b[2] - b[0])
}

/** Whether two lines share a row: most of the shorter one's height. */
export function sameRow(a: BBox, b: BBox): boolean {
  const overlap = Math.min(a[3], b[3]) - Math.max(a[1], b[1])
  return overlap > 0.5 * Math.min(a[3] - a[1], b[3] - b[1])
}
