/**
 * The cells along one row of a block's lines, as [left, right] pairs: lines close together are
 * one cell, figures MuPDF set as lines of their own are cells (table-row-blocks.ts reads blocks
 * of rows with them).
 */
import { drawnLine, isHorizontal, type BBox, type Block, type Line } from '../shared/layout.js'
import { isFigure, NO_FIGURE_CHAR } from './table-header.js'

/** A word of a table's header or labels: three letters running. */
export const WORD = /\p{L}{3,}/u

/** Cells of a row further apart than this many ems are apart: a word gap is under one. */
export const CELL_GAP = 1

/**
 * The cells of a block that is one row of two cells or more (the file set each row of a table
 * as a block, a line a cell), as [left, right] pairs along the row; null for any other block.
 * Only the lines' boxes are read: every block of every page is asked.
 */
export function rowCells(block: Block, em: number): Array<[number, number]> | null {
  const lines = block.lines
  if (lines.length === 1 && isHorizontal(lines[0]!)) return figureCells(lines[0]!, em)
  if (lines.length < 2 || !lines.every(isHorizontal)) return null
  const first = lines[0]!.bbox
  for (const line of lines) {
    const mid = (line.bbox[1] + line.bbox[3]) / 2
    if (mid <= first[1] || mid >= first[3]) return null
  }
  const cells = cellsAlong(
    lines.map((l) => l.bbox),
    em
  )
  if (cells.length >= 2) return cells
  // Figures MuPDF set as lines of their own on one row are cells however close their columns
  // stand (a wrapped table's two figure columns, set closer than an em).
  return lines.every((l) => isFigure(drawnLine(l))) && apartAlong(lines)
    ? lines.map((l) => [l.bbox[0], l.bbox[2]] as [number, number]).sort((a, b) => a[0] - b[0])
    : null
}

/** Lines along a row none of which overlaps another. */
export function apartAlong(lines: readonly Line[]): boolean {
  return lines.every((a) =>
    lines.every((b) => a === b || a.bbox[2] <= b.bbox[0] || b.bbox[2] <= a.bbox[0])
  )
}

/** Boxes along a row as cells: boxes within CELL_GAP ems of each other are one cell. */
function cellsAlong(boxes: readonly BBox[], em: number): Array<[number, number]> {
  const cells: Array<[number, number]> = []
  for (const box of [...boxes].sort((a, b) => a[0] - b[0])) {
    const last = cells[cells.length - 1]
    if (last && box[0] - last[1] <= em * CELL_GAP) last[1] = Math.max(last[1], box[2])
    else cells.push([box[0], box[2]])
  }
  return cells
}

/**
 * The cells of a row of a block's lines: lines within CELL_GAP ems are one cell, except that a
 * line of figures MuPDF set apart from the line before it is a cell of its own however close it
 * stands (a two-level table's label set a few points before its figures, two columns of figures
 * under an em apart). A line of prose cut at a wide word gap is words, not figures.
 */
export function rowCellsOf(row: readonly Line[], em: number): Array<[number, number]> {
  const cells: Array<[number, number]> = []
  let before: Line | undefined
  for (const line of [...row].sort((a, b) => a.bbox[0] - b.bbox[0])) {
    const last = cells[cells.length - 1]
    const own =
      before !== undefined &&
      line.bbox[0] >= before.bbox[2] &&
      isFigures(line, em) &&
      (WORD.test(drawnLine(before)) || isFigures(before, em))
    if (last && !own && line.bbox[0] - last[1] <= em * CELL_GAP) {
      last[1] = Math.max(last[1], line.bbox[2])
    } else cells.push([line.bbox[0], line.bbox[2]])
    before = line
  }
  return cells
}

/** A line of one figure or a few set apart ("36.058 89.655 69,923 8 699.5"). */
function isFigures(line: Line, em: number): boolean {
  const text = drawnLine(line)
  // The glyph cells last: the two tests of the text alone are cheaper, and settle most lines.
  return isFigure(text) || figureRun(text) || figureCells(line, em) !== null
}

/** Figures set a word gap apart on one line ("36.058 89.655 69,923 8 699.5"). */
function figureRun(text: string): boolean {
  return (
    text.trim() !== '' &&
    text
      .trim()
      .split(/\s+/u)
      .every((t) => FIGURE_PART.test(t))
  )
}

/** A piece of a figure between spaces: digits with their marks, or a thousands group. */
const FIGURE_PART = /^[-−–(]?[$€£]?\d[\d.,]*%?\)?$/u

/**
 * The cells of a line of figures set a gap wider than a word's apart ("14%   97,483", the figures
 * beside a wrapped label that MuPDF set as one line): a line of prose is words, never all figures.
 */
export function figureCells(line: Line, em: number): Array<[number, number]> | null {
  // Most lines asked are words: told by their characters before they are cut into cells.
  if (line.spans.some((span) => NO_FIGURE_CHAR.test(span.text))) return null
  const cells = glyphCells(line, em)
  if (cells.length < 2 || !cells.every((c) => isFigure(c.text))) return null
  return cells.map((c) => [c.x0, c.x1])
}

/**
 * A line's pieces where its glyphs stand CELL_SPLIT ems apart or more: the cells MuPDF set as
 * one line ("Variance Change Actual Forecast", header cells a few points apart), each with its
 * text, spaces left out. A line of prose is one piece, its word gaps narrower.
 */
export function glyphCells(
  line: Line,
  em: number
): Array<{ x0: number; x1: number; text: string }> {
  const cells: Array<{ x0: number; x1: number; text: string }> = []
  // Asked of most lines of every page (the rows' cells, header and figure tests): walked in
  // place, without an array of the span's characters or a pair for each glyph's edges.
  for (const span of line.spans) {
    let i = 0
    for (const ch of span.text) {
      if (ch.trim() !== '') {
        const x0 = span.charX[2 * i]!
        const x1 = span.charX[2 * i + 1]!
        const last = cells[cells.length - 1]
        if (last && x0 - last.x1 < em * CELL_SPLIT) {
          last.x1 = x1
          last.text += ch
        } else cells.push({ x0, x1, text: ch })
      }
      i++
    }
  }
  return cells
}

/** Glyphs this many ems apart are two cells, as table-rows.ts cuts a line (a word gap is less). */
const CELL_SPLIT = 0.55
