import {
  blockMiddleSize,
  drawnLine,
  isHorizontal,
  type Block,
  type Line
} from '../shared/layout.js'
import type { Row } from './block-rows.js'

/**
 * What opens an entry of a reference list or a note: "[12]", "3.", "2)", "(4)" or a note's sign,
 * then a space. Its continuation lines hang indented under the entry's text.
 */
export const ENTRY_LABEL = /^\s*(\[\d{1,3}\]|\d{1,3}[.)]|\(\d{1,3}\)|[*∗†‡§])\s/u

/** How far right of the labels a hanging line starts, in ems: more than a glyph's rounding. */
const HANG_MIN = 0.3
/** A hanging indent wider than this many ems is a column or a quotation, not an entry's. */
const HANG_MAX = 5

/**
 * Rows that open an entry in a block of entries: a label at the block's left edge, in a block
 * where other rows hang to the right of the labels (tracemonkey's "[1] LuaJIT …" /
 * "02/msg00051.html." / "[2] Mozilla …") or where two rows open one ("[14] B. McCloskey.
 * Personal communication." / "[15] I. Piumarta …"). Each starts a line of its own instead of
 * running on from the entry before it. The first row only counts as hanging where the label
 * follows a row that ends a sentence: a paragraph's first line is indented too, and prose may
 * wrap before a citation ("as shown in" / "[13] and").
 */
export function entryStarts(rows: readonly Row[], em: number): Set<Row> {
  if (rows.length < 2) return new Set()
  const left = Math.min(...rows.map((r) => r.x0))
  const labelled = rows.filter(
    (r) => ENTRY_LABEL.test(r.pieces[0] ?? '') && r.x0 - left < em * HANG_MIN
  )
  if (labelled.length === 0) return new Set()
  const hanging = (r: Row): boolean => !labelled.includes(r) && isHanging(r.x0 - left, em)
  const hangs =
    labelled.length >= 2 ||
    rows.slice(1).some(hanging) ||
    (hanging(rows[0]!) && /[.)]$/u.test(rows[rows.indexOf(labelled[0]!) - 1]?.pieces[0] ?? ''))
  return hangs ? new Set(labelled) : new Set()
}

function isHanging(indent: number, em: number): boolean {
  return indent > em * HANG_MIN && indent <= em * HANG_MAX
}

/** An entry's block: its size, and where the lines that continue its last entry start. */
export type Entry = Readonly<{ hang: number; size: number }>

/**
 * The entry a block ends in: its last line opens one (the entry's lines go on where the label's
 * text starts) or hangs under one (they go on where it starts). A block whose later lines return
 * to the labels' edge is a numbered paragraph, whose entries do not hang.
 */
export function entryOf(block: Block, text: string): Entry | null {
  const last = block.lines.at(-1)
  if (!last || !isHorizontal(last)) return null
  if (!ENTRY_LABEL.test(text) && !text.split('\n').some((l) => ENTRY_LABEL.test(l))) return null
  const size = blockMiddleSize(block) ?? 0
  const drawn = drawnLine(last)
  const label = ENTRY_LABEL.exec(drawn)
  if (label) {
    const hang = glyphLeft(last, [...label[0]].length)
    return hang === null ? null : { hang, size }
  }
  const indent = last.bbox[0] - block.bbox[0]
  return isHanging(indent, size) ? { hang: last.bbox[0], size } : null
}

/** The left edge of the line's glyph `index` (in code points), if the line has one. */
function glyphLeft(line: Line, index: number): number | null {
  let i = index
  for (const span of line.spans) {
    const count = [...span.text].length
    if (i < count) return span.charX[2 * i] ?? null
    i -= count
  }
  return null
}

/**
 * A block MuPDF cut from the entry before it: set in the entry's size, right under the block
 * before, starting where the entry's lines hang, and opening with no label of its own (each
 * line of a reference in math_2503, or of a Korean footnote, was a block).
 */
export function continuesEntry(entry: Entry, before: Block, block: Block, text: string): boolean {
  const line = block.lines[0]
  const size = blockMiddleSize(block) ?? 0
  if (!line || !isHorizontal(line) || ENTRY_LABEL.test(text) || entry.size === 0) return false
  return (
    Math.abs(size - entry.size) <= entry.size * 0.1 &&
    Math.abs(line.bbox[0] - entry.hang) <= entry.size * HANG_MATCH &&
    block.bbox[1] >= before.bbox[1] &&
    block.bbox[1] - before.bbox[3] <= entry.size * 0.8
  )
}

/** How near, in ems, a continuing block starts to where the entry's lines hang. */
const HANG_MATCH = 0.5

/** The block's last line ends in a space the file drew (see hangul-lines.ts). */
export function endsInDrawnSpace(block: Block): boolean {
  const last = block.lines.at(-1)
  return last !== undefined && /\s$/u.test(drawnLine(last))
}
