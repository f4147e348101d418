import { FULL_WIDTH_GAP, isCjk, isCjkGlyph } from '../shared/cjk.js'
import { blockMiddleSize, type Block, type Line } from '../shared/layout.js'
import { textBox } from '../shared/text-box.js'
import { isMarkBefore } from './footnotes.js'
import { blockFrame, toFrame } from './frame.js'
import { lineText, type Tracking } from './line-text.js'
import { nthSmallest } from '../shared/sorted.js'
import { nonSpaceLength } from '../shared/whitespace.js'
import { proseColumns } from './xy-cut.js'
import { withRaisedMarks } from './raised-marks.js'

export type Piece = {
  x0: number
  y0: number
  x1: number
  y1: number
  text: string
  /** The line's place in MuPDF's drawing order. */
  drawn: number
}

export type Row = {
  y0: number
  y1: number
  x0: number
  x1: number
  starts: number[]
  pieces: string[]
  /** The row's lines, in reading order along it. */
  cells: Piece[]
}

/**
 * A block's lines as visual rows, in reading order. MuPDF cuts a justified line at wide gaps and
 * a table row at every cell, and sometimes puts two columns of an OCR layer in one block: the
 * lines are ordered by the same whitespace cut as the page's blocks (columns, or rows of a grid),
 * then lines that follow each other on one row are joined into it. `em` is the block's size().
 */
export function rows(block: Block, em: number, rtl: boolean): Row[] {
  const frame = blockFrame(block)
  const tracking: Tracking = { step: Infinity, steps: [] }
  let texts = block.lines.map((line) => lineText(line, rtl, tracking))
  // A block with lines set tight and no spaces: its short lines are read again with their word gap.
  if (tracking.steps.length > 0) {
    tracking.step = nthSmallest(tracking.steps, tracking.steps.length >> 1)!
    texts = block.lines.map((line) => lineText(line, rtl, tracking))
  }
  const items = block.lines.map((line: Line, id) => {
    const text = texts[id]!
    return {
      id,
      box: toFrame(frame, textBox(line)),
      lines: 1,
      lineChars: nonSpaceLength(text),
      text
    }
  })
  // A tilted box's lines overlap each other's height on the page: each is a row of its own.
  if (block.lines.length > 1 && block.lines.every(isTilted)) {
    return items.flatMap((item) => rowsOf([item], em, rtl, block.lines))
  }
  const columns = proseColumns(items, Math.max(4, em * 0.8), rtl) ?? [items]
  return columns.flatMap((column) =>
    rowsOf(
      column.map((c) => items[c.id]!),
      em,
      rtl,
      block.lines
    )
  )
}

/** Horizontal writing turned by an angle other than a quarter: no frame reads it upright. */
function isTilted(line: Line): boolean {
  const [dx, dy] = line.dir
  return line.wmode === 0 && Math.max(Math.abs(dx), Math.abs(dy)) < 0.999
}

type Item = Readonly<{ id: number; box: readonly [number, number, number, number]; text: string }>

/**
 * A line of words set half its height or more below a row's piece and sharing more than half
 * the narrower one's width sits under it, not beside it. Superscripts, subscripts and accents
 * set as lines of their own (a few characters) stay on the row they stand over.
 */
function stacked(p: Piece, item: Item): boolean {
  const box = item.box
  const shared = Math.min(p.x1, box[2]) - Math.max(p.x0, box[0])
  return (
    Math.min(nonSpaceLength(p.text), nonSpaceLength(item.text)) >= STACKED_CHARS &&
    box[1] - p.y0 >= (box[3] - box[1]) / 2 &&
    shared > Math.min(p.x1 - p.x0, box[2] - box[0]) / 2
  )
}

const STACKED_CHARS = 6

/**
 * A row's pieces along the line. A label of a few characters set wholly above the start of a
 * longer piece, within its width (the "Satz 4.1" TeX stacks over "====⇒ PB schneidet …"), is
 * read just before that piece rather than after it, where its left edge would place it.
 */
function alongLine(pieces: readonly Piece[], rtl: boolean): Piece[] {
  const place = (p: Piece): number => {
    const under = pieces.find(
      (q) =>
        q !== p &&
        q.x0 <= p.x0 &&
        p.x1 <= q.x1 &&
        p.y1 <= (q.y0 + q.y1) / 2 &&
        nonSpaceLength(p.text) >= LABEL_CHARS &&
        nonSpaceLength(q.text) > nonSpaceLength(p.text)
    )
    return under ? under.x0 - 0.01 : p.x0
  }
  const sorted = [...pieces].sort((a, b) => (rtl ? b.x0 - a.x0 : place(a) - place(b)))
  return sorted.every((p) => isCjkGlyph(p.text)) ? drawnWhereOverlapping(sorted) : sorted
}

/**
 * Glyphs set one to a line (vertical CJK) overlapping by more than half a glyph are read in the
 * order drawn: a vertical font's punctuation is boxed half a cell below where it stands, so
 * "同じ。）を" sorted by box read "同じ。を）".
 */
function drawnWhereOverlapping(sorted: Piece[]): Piece[] {
  for (let i = 1; i < sorted.length; i++) {
    for (let j = i; j > 0; j--) {
      const a = sorted[j - 1]!
      const b = sorted[j]!
      const shared = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)
      if (b.drawn > a.drawn || shared <= Math.min(a.x1 - a.x0, b.x1 - b.x0) / 2) break
      sorted[j - 1] = b
      sorted[j] = a
    }
  }
  return sorted
}

const LABEL_CHARS = 3

/**
 * How far apart, in points, the tops of two lines that begin at one height may be: the rounding
 * of their glyph boxes.
 */
const SAME_TOP = 0.1

/**
 * Lines top down, those beginning at one height left to right. By top alone, the end-of-proof
 * mark at the right margin (top 621.45) came before "wegzusammenhängend." (621.49) opened its
 * row, and so joined the row above: "aber nicht■ wegzusammenhängend.".
 */
function byTop(items: readonly Item[]): Item[] {
  const sorted = [...items].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0])
  const runs: Item[][] = []
  for (const item of sorted) {
    const run = runs[runs.length - 1]
    if (run && item.box[1] - run[0]!.box[1] <= SAME_TOP) run.push(item)
    else runs.push([item])
  }
  return runs.flatMap((r) => r.sort((a, b) => a.box[0] - b.box[0]))
}

function rowsOf(items: readonly Item[], size: number, rtl: boolean, lines: readonly Line[]): Row[] {
  const out: Row[] = []
  const pieces: Piece[][] = []
  for (const item of byTop(items)) {
    const mid = (item.box[1] + item.box[3]) / 2
    // Pieces of one row stand side by side. A line under a formula with tall glyphs (∑, ∫, big
    // brackets) can have its middle inside that line's box, but it lies below it, not beside it.
    // Where the middle falls inside two rows (a row whose tall glyphs reach down into the next),
    // the line joins the one it shares more height with: the end-of-proof mark at the right
    // margin stands on the row of "⇒ H ist Homotopie.", not on "γ(1 − s + s) = γ(1)" above it.
    let at = -1
    let best = 0
    for (let i = 0; i < out.length; i++) {
      const r = out[i]!
      if (mid <= r.y0 || mid >= r.y1 || pieces[i]!.some((p) => stacked(p, item))) continue
      const shared = Math.min(r.y1, item.box[3]) - Math.max(r.y0, item.box[1])
      if (at < 0 || shared > best) {
        at = i
        best = shared
      }
    }
    if (at >= 0) {
      const row = out[at]!
      const [x0, y0, x1, y1] = item.box
      pieces[at]!.push({ x0, y0, x1, y1, text: item.text, drawn: item.id })
      row.y0 = Math.min(row.y0, item.box[1])
      row.y1 = Math.max(row.y1, item.box[3])
      row.x0 = Math.min(row.x0, item.box[0])
      row.x1 = Math.max(row.x1, item.box[2])
    } else {
      const [x0, y0, x1, y1] = item.box
      out.push({ y0, y1, x0, x1, starts: [], pieces: [], cells: [] })
      pieces.push([{ x0, y0, x1, y1, text: item.text, drawn: item.id }])
    }
  }
  out.forEach((row, i) => {
    const sorted = alongLine(rtl ? pieces[i]! : withRaisedMarks(pieces[i]!, lines), rtl)
    row.pieces = [joinPieces(sorted, size)]
    row.starts = sorted
      .filter((p, k) => k > 0 && !isNextGlyph(sorted[k - 1]!, p, size))
      .map((p) => p.x0)
    row.cells = sorted
  })
  return out.sort((a, b) => a.y0 - b.y0)
}

/** The block's middle font size: its em. */
export function size(block: Block): number {
  return blockMiddleSize(block) ?? 10
}

/**
 * Rows of cells, not of justified words: the pieces after each row's first start at the same
 * x as pieces of other rows (a cell column), which the word gaps of justified text do not.
 */
export function isTabular(rs: readonly Row[], em: number): boolean {
  const starts = rs.map((r) => r.starts)
  const inner = starts.flat().length
  if (rs.length < 2 || inner === 0) return false
  let aligned = 0
  starts.forEach((row, i) => {
    for (const x of row) {
      if (starts.some((other, j) => j !== i && other.some((o) => Math.abs(o - x) <= em * 0.3))) {
        aligned++
      }
    }
  })
  return (
    aligned >= inner * 0.6 &&
    starts.filter((r) => r.length > 0).length >= rs.length / 2 &&
    !isJustifiedProse(rs, em)
  )
}

/** Word gaps of one justified row differ by rounding alone: this share of an em at most. */
const EVEN_GAPS = 0.15

/** A justified row runs to the block's right edge within this share of an em. */
const FULL_ROW = 0.3

/**
 * Cells of a column start at one x within this share of an em; the last words of justified
 * rows start where their letters put them, which in two rows of a proportional face may be
 * as little as a quarter of an em apart ("The    town" over "library    lends").
 */
const ONE_X = 0.1

/**
 * Justified prose that MuPDF cut at its stretched word gaps: every row it cut runs to the
 * block's right edge, with the gaps of each row even; the words after the gaps start where the
 * row's letters put them, not at one x as a column of cells does (or a row holds two gaps and
 * more); and in half the rows and more a sentence runs on into the next row in lower case. In a
 * monospaced face such words line up from row to row as cells do, where two rows hold as many
 * letters before a gap ("She   still   uses" over "she   feeds   with").
 */
export function isJustifiedProse(rs: readonly Row[], em: number): boolean {
  // The measure most rows run to: a run-in heading's row may be set overfull past it.
  const ends = rs.map((r) => r.x1).sort((a, b) => a - b)
  const right = ends[ends.length >> 1] ?? 0
  const cut = rs.filter((r) => r.starts.length > 0)
  const gapsOf = (r: Row): number[] => r.cells.slice(1).map((c, i) => c.x0 - r.cells[i]!.x1)
  const even = (gaps: readonly number[]): boolean =>
    Math.max(...gaps) - Math.min(...gaps) <= em * EVEN_GAPS
  if (rs.length < 2 || cut.length === 0) return false
  if (!cut.every((r) => right - r.x1 <= em * FULL_ROW && even(gapsOf(r)))) return false
  const lastStarts = cut.map((r) => r.starts[r.starts.length - 1]!)
  const ragged = Math.max(...lastStarts) - Math.min(...lastStarts) > em * ONE_X
  if (!ragged && !cut.some((r) => gapsOf(r).length >= 2)) return false
  const text = (r: Row | undefined): string => r?.pieces[0] ?? ''
  const runOn = rs.filter(
    (r, i) => /[\p{L},]$/u.test(text(r)) && /^\p{Ll}/u.test(text(rs[i + 1]))
  ).length
  return runOn >= (rs.length - 1) / 2
}

/** How much of the lower row's height a table row must share with the one above to be its part. */
const WRAP_OVERLAP = 0.3

/** Cells of overlapping rows by column (x ranges that overlap), each column's lines top down. */
function columnsOf(cells: readonly Piece[], rtl: boolean): Piece[][] {
  const columns: Piece[][] = []
  for (const cell of [...cells].sort((a, b) => (rtl ? b.x1 - a.x1 : a.x0 - b.x0))) {
    const column = columns.find((c) =>
      c.some((o) => Math.min(o.x1, cell.x1) - Math.max(o.x0, cell.x0) > 0)
    )
    if (column) column.push(cell)
    else columns.push([cell])
  }
  return columns.map((c) => c.sort((a, b) => a.y0 - b.y0))
}

/**
 * One column of several lines and the other cells on one line each, centred on it within a
 * quarter of a line: a wrapped cell and its row, not a cell spanning two rows or lines of prose.
 */
function isWrappedRow(columns: readonly Piece[][]): boolean {
  const tall = columns.filter((c) => c.length > 1)
  const single = columns.filter((c) => c.length === 1)
  if (tall.length !== 1 || single.length === 0) return false
  const lines = tall[0]!
  const top = Math.min(...lines.map((l) => l.y0))
  const bottom = Math.max(...lines.map((l) => l.y1))
  const line = (bottom - top) / lines.length
  return single.every(([c]) => Math.abs((c!.y0 + c!.y1) / 2 - (top + bottom) / 2) <= line / 4)
}

/**
 * Table rows with a cell wrapped over two lines: the other cells of the row are set between
 * the two lines ("Flourine and inorganic compounds" / "5 000 - -" / "(as HF)", eu-001), so the
 * rows overlap by half a line. They are one row: the wrapped cell's lines top to bottom, then
 * the cells along the row. Other overlapping rows (a cell spanning two table rows, "6 6" beside
 * "OTSL" / "HTML"; lines of a formula) stay apart.
 */
export function joinWrappedCells(rs: readonly Row[], size: number, rtl: boolean): Row[] {
  const groups: Row[][] = []
  for (const row of rs) {
    const group = groups[groups.length - 1]
    const last = group?.[group.length - 1]
    const shared = last ? Math.min(last.y1, row.y1) - Math.max(last.y0, row.y0) : 0
    if (group && last && shared > WRAP_OVERLAP * Math.min(last.y1 - last.y0, row.y1 - row.y0)) {
      group.push(row)
    } else groups.push([row])
  }
  return groups.flatMap((group) => {
    if (group.length === 1) return group
    const columns = columnsOf(
      group.flatMap((r) => r.cells),
      rtl
    )
    if (!isWrappedRow(columns)) return group
    const cells = columns.map((lines) => ({
      // The cell's text starts with its first line and ends with its last: word gaps to the
      // cells beside it are measured from there.
      x0: lines[0]!.x0,
      y0: Math.min(...lines.map((l) => l.y0)),
      x1: lines.at(-1)!.x1,
      y1: Math.max(...lines.map((l) => l.y1)),
      drawn: lines[0]!.drawn,
      // Spaces the file drew around the cell still tell joinPieces where words break.
      text: lines.map((l) => l.text.trim()).join(' ') + (/\s$/u.test(lines.at(-1)!.text) ? ' ' : '')
    }))
    return [
      {
        y0: Math.min(...group.map((r) => r.y0)),
        y1: Math.max(...group.map((r) => r.y1)),
        x0: Math.min(...group.map((r) => r.x0)),
        x1: Math.max(...group.map((r) => r.x1)),
        starts: cells.slice(1).map((c) => c.x0),
        pieces: [joinPieces(cells, size)],
        cells
      }
    ]
  })
}

/**
 * A CJK glyph touching the one before it, as each glyph of a vertical-font column is a line of
 * its own: it starts no cell, though its position lines up from column to column as cells do.
 */
function isNextGlyph(before: Piece, piece: Piece, em: number): boolean {
  return piece.x0 - before.x1 <= em * WORD_GAP && isCjkGlyph(before.text) && isCjkGlyph(piece.text)
}

/** Pieces of a row further apart than this many ems are words apart, or cells. */
const WORD_GAP = 0.2

/**
 * Pieces of one row in reading order, joined by a space where they stand a word gap apart
 * (0.2 em) and by nothing where they touch (MuPDF gives every glyph of a vertical-font line its
 * own line) or where both sides are CJK, unless a full-width space parts them.
 */
export function joinPieces(sorted: readonly Piece[], em: number): string {
  let out = ''
  let prev: Piece | null = null
  let spacePiece = false
  for (const piece of sorted) {
    const text = piece.text.trim()
    if (text === '') {
      spacePiece = true
      continue
    }
    if (prev) {
      const gap = Math.max(piece.x0 - prev.x1, prev.x0 - piece.x1)
      const drawnSpace = spacePiece || /\s$/u.test(prev.text) || /^\s/u.test(piece.text)
      const cjk = isCjk(out.slice(-1)) && isCjk(text[0] ?? '')
      // A note's mark drawn as a line of its own opens the row: the pieces' heights are their
      // sizes.
      const mark =
        out === prev.text.trim() &&
        isMarkBefore(
          { text: out, size: prev.y1 - prev.y0, bottom: prev.y1 },
          { text, size: piece.y1 - piece.y0, bottom: piece.y1 }
        )
      if (cjk ? gap > em * FULL_WIDTH_GAP : drawnSpace || mark || gap > em * WORD_GAP) out += ' '
    }
    out += text
    prev = piece
    spacePiece = false
  }
  return out
}
