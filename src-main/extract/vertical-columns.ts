import { FULL_WIDTH_GAP, isCjkGlyph } from '../shared/cjk.js'
import { drawnLine, type Block } from '../shared/layout.js'
import { mergeConsecutive } from './merge-blocks.js'

/**
 * Vertical CJK comes out of MuPDF as a stack of one-glyph lines, and its block ends wherever a
 * glyph does not sit exactly one step below the last: a full-width bracket or comma drawn half a
 * step off, a glyph pair drawn overlapping. A Japanese gazette column "…項第三号中「含む。）」を…"
 * became nine blocks ("「", "含む", "。）」", "を", …), so the text had a paragraph break at
 * every punctuation mark and the order placed the fragments apart. Consecutive blocks that
 * continue one column are merged back here, before anything reads the blocks.
 *
 * A block continues the column before it when both are stacks of CJK glyphs of about the same
 * size, it stands on the same column (centres within COLUMN_SHIFT ems, which lets the half-step
 * offset of punctuation through but not the next column, two ems away), and it starts below the
 * column's top no more than COLUMN_GAP ems under its end, or LABEL_GAP under a label.
 */
export function mergeVerticalColumns(blocks: readonly Block[]): Block[] {
  return mergeConsecutive(blocks, (column, _, next) => continuesColumn(column, next))
}

/**
 * Punctuation in a vertical font is drawn in the upper right of its cell: 5 pt off the column's
 * centre at 8 pt in the gazette (0.63 em). Columns stand at least 1.5 ems apart (2 in the corpus).
 */
const COLUMN_SHIFT = 0.75

/**
 * The gap after a mark drawn in the top of its cell is 0.75 em before the next glyph; a table
 * cell's text under a rule starts a full em or more below the cell above it.
 */
const COLUMN_GAP = 0.8

/**
 * An article or item number stands a full-width space above its text ("第十七条の二 法第五十一
 * 条…", "一 法第…": 1.04 em in the gazette) and opens the column of its text; such a label is a
 * few glyphs long.
 */
const LABEL_GAP = 1.25
const LABEL_GLYPHS = 6

/** Sizes of two stacks may differ by this factor and still be one column's or paragraph's. */
const SIZE_RATIO = 1.25

/**
 * The em of two blocks that are both stacks of CJK glyphs (`glyphStack`) of about the same size:
 * the larger of their sizes; undefined for anything else.
 */
export function stacksEm(a: Block, b: Block): number | undefined {
  const sa = glyphStack(a)
  const sb = glyphStack(b)
  if (!sa || !sb || Math.max(sa.em, sb.em) > SIZE_RATIO * Math.min(sa.em, sb.em)) return undefined
  return Math.max(sa.em, sb.em)
}

function continuesColumn(a: Block, b: Block): boolean {
  const em = stacksEm(a, b)
  if (em === undefined) return false
  const shift = Math.abs((a.bbox[0] + a.bbox[2]) / 2 - (b.bbox[0] + b.bbox[2]) / 2)
  const gap = (a.lines.length <= LABEL_GLYPHS ? LABEL_GAP : COLUMN_GAP) * em
  return shift <= COLUMN_SHIFT * em && b.bbox[1] > a.bbox[1] && b.bbox[1] - a.bbox[3] <= gap
}

/** Whether a column opens with a label: its first few glyphs, then a full-width space. */
export function opensWithLabel(column: Block, em: number): boolean {
  const tops = column.lines.map((l) => l.bbox).sort((a, b) => a[1] - b[1])
  for (let k = 1; k < Math.min(tops.length, LABEL_GLYPHS + 1); k++) {
    if (tops[k]![1] - tops[k - 1]![3] > FULL_WIDTH_GAP * em) return true
  }
  return false
}

export type Stack = Readonly<{ em: number }>

/**
 * A block of CJK glyphs set one to a line, running down the page (one glyph alone, or a comma
 * and a bracket drawn on one spot, "、「", may be any column's), with its glyphs' size;
 * undefined for anything else.
 */
export function glyphStack(block: Block): Stack | undefined {
  let em = 0
  for (const line of block.lines) {
    if (!isCjkGlyph(drawnLine(line))) return undefined
    for (const span of line.spans) em = Math.max(em, span.size)
  }
  if (block.lines.length > 1) {
    const xs = block.lines.map((l) => (l.bbox[0] + l.bbox[2]) / 2)
    const ys = block.lines.map((l) => (l.bbox[1] + l.bbox[3]) / 2)
    if (spread(ys) < spread(xs)) return undefined
  }
  return em > 0 ? { em } : undefined
}

function spread(values: readonly number[]): number {
  return Math.max(...values) - Math.min(...values)
}
