import { drawnText, isHorizontal, shareRow, type Block, type Line } from '../shared/layout.js'
import { blockTextDetail } from './block-text.js'
import { isTabular, joinPieces, joinWrappedCells, rows, size, type Piece } from './block-rows.js'
import { nthSmallest } from '../shared/sorted.js'
import { nonSpaceLength } from '../shared/whitespace.js'
import { isRtlText } from './rtl.js'

/** A row of cells' pieces, and the blocks whose rows it joins. */
export type RowOfPieces = { y0: number; y1: number; pieces: Piece[]; em: number; from: Set<Block> }

/**
 * The region's rows: each block's rows as its text reads them (a block of table rows with its
 * wrapped cells joined), then rows
 * of different blocks that stand level joined into one, top down. A block of several rows that
 * are not short cells level with other blocks' rows (a stanza, a cell of a few lines of prose)
 * is one cell, its text as the block reads; a column of cells MuPDF made one block (a column of
 * dates beside the rows' other cells) stands level with them, and gives its rows.
 */
export function regionRows(blocks: readonly Block[]): RowOfPieces[] {
  const perBlock = blocks.map((block) => {
    const em = size(block)
    const rtl = isRtlText(drawnText(block))
    const own = rows(block, em, rtl)
    const tabular = isTabular(own, em)
    return { block, em, tabular, rtl, rows: tabular ? joinWrappedCells(own, em, rtl) : own }
  })
  const all: RowOfPieces[] = []
  for (const { block, em, tabular, rtl, rows: own } of perBlock) {
    const others = perBlock.filter((p) => p.block !== block).flatMap((p) => p.rows)
    const level = own.filter((r) => {
      const mid = (r.y0 + r.y1) / 2
      return others.some((o) => mid > o.y0 && mid < o.y1)
    })
    // A row's cells, not its text run together: header cells a few points apart ("simple
    // complex all" under a group's label) read as one text, and are short cells all the same.
    const short = nthSmallest(
      own.map((r) => Math.max(0, ...r.cells.map((c) => nonSpaceLength(c.text)))),
      own.length >> 1
    )!
    const column = level.length >= own.length * LEVEL_ROWS && short <= CELL_CHARS
    // A block with a row of short cells far apart (a header row above a wrapped label) gives its
    // rows; a justified line MuPDF cut at a wide word gap is no such row. Three header cells or
    // more a few points apart that MuPDF set as one line are cells all the same (a bullet and
    // its item, two pieces, are not).
    const cellRow = own.some((r) => {
      const split = r.cells.flatMap((p) => splitAtGaps(p, block.lines[p.drawn], em))
      return isCellRow(r.cells, em) || (split.length >= 3 && isCellRow(split, em))
    })
    if (
      !tabular &&
      own.length > 1 &&
      !column &&
      !cellRow &&
      !linesOfCells(block, em) &&
      !(level.length === 0 && isLabelRows(own, em)) &&
      !cellsOverLabel(own, level, em)
    ) {
      const [x0, y0, x1, y1] = block.bbox
      const text = blockTextDetail(block).text
      all.push({ y0, y1, em, pieces: [{ x0, y0, x1, y1, text, drawn: 0 }], from: new Set([block]) })
      continue
    }
    for (const r of own) {
      // Right-to-left text reads in another order than its glyphs stand: its pieces stay whole.
      const pieces = rtl
        ? [...r.cells]
        : r.cells.flatMap((p) => splitAtGaps(p, block.lines[p.drawn], em))
      all.push({ y0: r.y0, y1: r.y1, pieces, em, from: new Set([block]) })
    }
  }
  all.sort((a, b) => a.y0 - b.y0)
  const out: RowOfPieces[] = []
  for (const row of all) {
    const mid = (row.y0 + row.y1) / 2
    // A cell wrapped over lines stands level with its row's cells by its top, not its middle.
    // A block's own rows stay apart (a matrix's rows beside its tall brackets): only rows of
    // other blocks join them.
    const level = out.find(
      (r) =>
        ![...row.from].some((b) => r.from.has(b)) &&
        ((mid > r.y0 && mid < r.y1) || Math.abs(row.y0 - r.y0) <= row.em * TOPS_LEVEL)
    )
    if (level) {
      level.pieces.push(...row.pieces)
      for (const b of row.from) level.from.add(b)
      level.y0 = Math.min(level.y0, row.y0)
      level.y1 = Math.max(level.y1, row.y1)
    } else out.push({ ...row, pieces: [...row.pieces], from: new Set(row.from) })
  }
  return out
}

/**
 * Rows that hold their label alone, a short one each, set further apart than a wrapped cell's
 * lines (rows whose figures are all empty, which MuPDF set as one block; the caller asks only
 * where no other block's row stands level with them): each is a row. A cell of a few lines of
 * prose has its lines closer, and a label wrapped beside its figures stands level with them:
 * either stays one cell.
 */
function isLabelRows(own: ReturnType<typeof rows>, em: number): boolean {
  return own.every(
    (r, i) =>
      r.cells.length === 1 &&
      nonSpaceLength(r.cells[0]!.text) <= CELL_CHARS &&
      (i === 0 || r.y0 - own[i - 1]!.y0 > em * LABEL_ROW_PITCH)
  )
}

/** Lines of a wrapped cell stand at most this many ems apart, top to top (set solid to 1.25). */
const LABEL_ROW_PITCH = 1.3

/**
 * Rows of cells, then the next row's label wrapped over lines whose figures MuPDF set in a block
 * beside it (its first line stands level with another block's row): the block gives its rows,
 * and the label joins its figures. A paragraph under a row of cells stands level with nothing.
 */
function cellsOverLabel(
  own: ReturnType<typeof rows>,
  level: ReturnType<typeof rows>,
  em: number
): boolean {
  const first = own.findIndex((r) => r.cells.length === 1)
  if (first < 1 || own.slice(first).some((r) => r.cells.length !== 1)) return false
  const apart = (r: (typeof own)[number]): boolean => {
    const sorted = [...r.cells].sort((a, b) => a.x0 - b.x0)
    return sorted.every((p, i) => i === 0 || p.x0 - sorted[i - 1]!.x1 >= em * HEADER_GAP_MANY)
  }
  const cells = own.slice(0, first)
  return cells.every((r) => r.cells.length >= 3 && apart(r)) && level.includes(own[first]!)
}

/**
 * Glyphs this many ems apart or more along a line are two cells MuPDF set as one line ("Actual
 * Budget", two headers a few points apart): a word space is a third of an em or less.
 */
const CELL_SPLIT = 0.55

/**
 * A piece cut where its line's glyphs leave a gap of a cell's margin, each part its share of the
 * piece's text (counted in glyphs other than spaces, so that the text keeps its mended word
 * gaps); the piece whole where the glyphs and its text do not count alike.
 */
function splitAtGaps(piece: Piece, line: Line | undefined, em: number): Piece[] {
  if (!line || !isHorizontal(line)) return [piece]
  const glyphs: Array<[number, number]> = []
  for (const span of line.spans) {
    ;[...span.text].forEach((ch, i) => {
      if (ch.trim() !== '') glyphs.push([span.charX[2 * i]!, span.charX[2 * i + 1]!])
    })
  }
  const cuts: number[] = []
  for (let i = 1; i < glyphs.length; i++) {
    if (glyphs[i]![0] - glyphs[i - 1]![1] >= em * CELL_SPLIT) cuts.push(i)
  }
  const chars = [...piece.text]
  if (cuts.length === 0 || chars.filter((c) => c.trim() !== '').length !== glyphs.length) {
    return [piece]
  }
  const parts: Piece[] = []
  let glyph = 0
  let text = ''
  let first = 0
  for (const ch of chars) {
    if (ch.trim() !== '' && cuts.includes(glyph)) {
      parts.push({ ...piece, x0: glyphs[first]![0], x1: glyphs[glyph - 1]![1], text: text.trim() })
      first = glyph
      text = ''
    }
    text += ch
    if (ch.trim() !== '') glyph++
  }
  parts.push({ ...piece, x0: glyphs[first]![0], x1: glyphs[glyph - 1]![1], text: text.trim() })
  return parts
}

/**
 * Cells of a header row stand this many ems apart or more; a justified line's words less. A row
 * of three cells or more may stand closer (a header of six columns set tight): a justified line
 * MuPDF cut at its word gaps rarely leaves three pieces an em apart.
 */
const HEADER_GAP = 1.5
const HEADER_GAP_MANY = 0.7

function isCellRow(pieces: readonly Piece[], em: number): boolean {
  if (pieces.length < 2 || pieces.some((p) => nonSpaceLength(p.text) > CELL_CHARS)) return false
  const sorted = [...pieces].sort((a, b) => a.x0 - b.x0)
  const gap = em * (pieces.length >= 3 ? HEADER_GAP_MANY : HEADER_GAP)
  return sorted.every((p, i) => i === 0 || p.x0 - sorted[i - 1]!.x1 >= gap)
}

/**
 * A block whose lines are nearly all cells, each standing an em or more from another line of its
 * row (a few rows of a table MuPDF set as one block, right-aligned figures and all): it gives its
 * rows. A paragraph's lines stand one to a row, and a justified line MuPDF cut at its word gaps
 * leaves less than an em between its pieces.
 */
function linesOfCells(block: Block, em: number): boolean {
  const lines = block.lines
  const cells = lines.filter((a) =>
    lines.some(
      (b) =>
        b !== a &&
        shareRow(a.bbox, b.bbox) &&
        Math.max(b.bbox[0] - a.bbox[2], a.bbox[0] - b.bbox[2]) >= em
    )
  )
  return cells.length >= lines.length * CELL_LINES
}

/** The share of a block's lines that must be cells for the block to give its rows. */
const CELL_LINES = 0.8

/** Tops of cells this many ems apart or less stand on one row. */
const TOPS_LEVEL = 0.5

/**
 * The share of a block's rows that must stand level with other blocks' rows, and the most
 * characters its middle row may hold, for it to be a column of cells: the lines of stanzas set
 * side by side also stand level, but run to 30 characters and more.
 */
const LEVEL_ROWS = 0.6
const CELL_CHARS = 24

/**
 * A row's atoms along it: its pieces, and a piece whose file drew two spaces or more inside it
 * ("07/13/2015     07/21/2015") cut there, each part placed by its share of the characters.
 */
export function rowAtoms(row: RowOfPieces): Piece[] {
  return row.pieces.flatMap((piece) => {
    const parts = piece.text.split(/\s{2,}/u).filter((t) => t.trim() !== '')
    if (parts.length < 2) return piece.text.trim() === '' ? [] : [piece]
    const width = (piece.x1 - piece.x0) / Math.max(1, piece.text.length)
    let at = 0
    return parts.map((part) => {
      const start = piece.text.indexOf(part, at)
      at = start + part.length
      return { ...piece, x0: piece.x0 + start * width, x1: piece.x0 + at * width, text: part }
    })
  })
}

/**
 * A cell's text: its pieces line by line (a cell wrapped over two lines stands in one row beside
 * one-line cells), each line's pieces joined as a row's are, the lines by a space.
 */
export function cellText(pieces: readonly Piece[], em: number): string {
  const lines: Piece[][] = []
  for (const piece of [...pieces].sort((a, b) => a.y0 - b.y0)) {
    const mid = (piece.y0 + piece.y1) / 2
    const line = lines.find((l) => l.some((p) => mid > p.y0 && mid < p.y1))
    if (line) line.push(piece)
    else lines.push([piece])
  }
  return lines
    .flatMap((line) =>
      sideBySide(
        line.sort((a, b) => a.x0 - b.x0),
        em
      )
    )
    .join(' ')
}

/**
 * A line's pieces joined as a row's are where they stand side by side; pieces that overlap along
 * the line (words of a header set upright, each a line of its own) are words apart.
 */
function sideBySide(sorted: readonly Piece[], em: number): string[] {
  const runs: Piece[][] = []
  for (const piece of sorted) {
    const run = runs[runs.length - 1]
    const last = run?.[run.length - 1]
    if (run && last && piece.x0 >= last.x1 - em * 0.1) run.push(piece)
    else runs.push([piece])
  }
  return runs.map((run) => joinPieces(run, em))
}
