import { isCjk } from '../shared/cjk.js'
import {
  drawnLine,
  isHorizontal,
  middleSize,
  shareRow,
  withLines,
  type Block,
  type Line
} from '../shared/layout.js'

/** Pieces of one row meet within this many points: glyph advances end where the next begins. */
const TOUCH = 0.5

/**
 * Text that /ActualText replaces without a position (cms-etc-filled's "n" of "physician", its
 * "shipboard service" of "For shipboard services please…") comes out of MuPDF as a block of its
 * own, away from the words it completes. A one-line block whose line stands on the row of
 * another block's line and meets it end to start, to the half point, mid-word, is put back into
 * that block, where the row is read along its glyphs: "The physicia" + "n is legally…". Table
 * cells and columns stand apart; a superscript or a drop cap does not share the row's top and
 * bottom. A line that runs past the measure of its block's other rows (an overfull run-in
 * heading through the gutter) may end just where the next column's line on its row starts
 * ("…quarry. The" + "on the following day."): that line is the next column's, and stays out.
 */
export function fitTouchingPieces(blocks: readonly Block[]): Block[] {
  const rows = new Map<number, Array<{ block: number; line: Line }>>()
  blocks.forEach((block, i) => {
    for (const line of block.lines) {
      const key = Math.round(line.bbox[1])
      const row = rows.get(key)
      if (row) row.push({ block: i, line })
      else rows.set(key, [{ block: i, line }])
    }
  })
  // A block that takes in a piece stays where it is; a piece moves once, into a block that stays.
  const hosts = new Map<number, number>()
  const hosting = new Set<number>()
  blocks.forEach((block, i) => {
    const piece = block.lines[0]
    if (block.lines.length !== 1 || !piece || !isHorizontal(piece) || hosting.has(i)) return
    const key = Math.round(piece.bbox[1])
    const row = [key - 1, key, key + 1].flatMap((k) => rows.get(k) ?? [])
    const host = row.find(
      (r) =>
        r.block !== i &&
        !hosts.has(r.block) &&
        meets(r.line, piece) &&
        !overruns(blocks[r.block]!, r.line)
    )
    if (!host) return
    hosts.set(i, host.block)
    hosting.add(host.block)
  })
  if (hosts.size === 0) return [...blocks]
  const kept = blocks.map((block, i) => {
    const moved = [...hosts].filter(([, host]) => host === i).map(([piece]) => blocks[piece]!)
    if (moved.length === 0) return block
    const lines = [...block.lines, ...moved.flatMap((b) => b.lines)]
    return withLines(block, lines)
  })
  return kept.filter((_, i) => !hosts.has(i)).map((block, id) => ({ ...block, id }))
}

/**
 * `piece` stands on `line`'s row and goes on with a word of it: it starts where the line ends,
 * or ends where the line starts, with a letter on both sides of the seam. Rules of dashes, a
 * transcript's line numbers and a formula's brackets meet their neighbours too, but split no
 * word; CJK has no words to split.
 */
function meets(line: Line, piece: Line): boolean {
  if (!isHorizontal(line)) return false
  const [x0, y0, x1, y1] = piece.bbox
  const level = Math.abs(line.bbox[1] - y0) <= TOUCH && Math.abs(line.bbox[3] - y1) <= TOUCH
  if (!level) return false
  if (Math.abs(line.bbox[2] - x0) <= TOUCH) {
    return isSeam(drawnLine(line).slice(-1), drawnLine(piece).slice(0, 1))
  }
  if (Math.abs(x1 - line.bbox[0]) <= TOUCH) {
    return isSeam(drawnLine(piece).slice(-1), drawnLine(line).slice(0, 1))
  }
  return false
}

/**
 * `line` ends past the right edge of its block's other rows by a gutter (0.8 em): three rows
 * and more of a column's text, which a line of that column does not run beyond.
 */
function overruns(block: Block, line: Line): boolean {
  const others = block.lines.filter((l) => !shareRow(l.bbox, line.bbox))
  if (others.length < COLUMN_ROWS) return false
  const em = middleSize(block.lines.flatMap((l) => l.spans)) ?? 10
  return line.bbox[2] - Math.max(...others.map((l) => l.bbox[2])) >= em * GUTTER_EMS
}

/** Rows of a column's text a block holds beside an overrunning line, at the least. */
const COLUMN_ROWS = 3

/** How far past its block's other rows, in ems, an overrunning line ends at least. */
const GUTTER_EMS = 0.8

function isSeam(left: string, right: string): boolean {
  return WORD_LETTER.test(left) && WORD_LETTER.test(right) && !isCjk(left) && !isCjk(right)
}

const WORD_LETTER = /^\p{L}$/u
