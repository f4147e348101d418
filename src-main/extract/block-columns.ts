import {
  boundsOf,
  inkedChars,
  isHorizontal,
  middleSize,
  type Block,
  type Line
} from '../shared/layout.js'
import { MARK_ALONE } from '../shared/list-marker.js'

/**
 * MuPDF adds a line to the block it is building while the line follows closely on the last one
 * drawn. A producer that fills two columns at once draws a line of the left column, then one of
 * the right, and MuPDF makes one block of both columns, with the full-width abstract above
 * them when it is set at the same leading: the page then has no gutter between blocks to cut
 * along, reads the abstract's and the columns' lines as rows across the page, and
 * `multi_column` sees one column. Such a block is cut along the whitespace between its
 * columns: its lines across the whole width above and below the columns, and each column, are
 * blocks of their own (a column holding columns of its own is cut again). Blocks are numbered
 * anew, in order.
 */
export function splitBlockColumns(blocks: readonly Block[]): Block[] {
  return chains(blocks)
    .flatMap((chain) => {
      if (chain.length === 1) return split(chain[0]!)
      const parts = split(joined(chain))
      return parts.length === 1 ? chain : parts
    })
    .map((block, id) => ({ ...block, id }))
}

/**
 * Where the lines of the two columns do not share rows, MuPDF gives each line, or each run of
 * lines on shared rows, a block of its own, in the order drawn: across the gutter and back. Such
 * consecutive blocks, each beside the one before it (across a gutter, within a couple of lines'
 * height) and one of the two no more than two lines, are cut into columns together.
 */
function chains(blocks: readonly Block[]): Block[][] {
  const out: Block[][] = []
  for (const block of blocks) {
    const chain = out[out.length - 1]
    const last = chain?.[chain.length - 1]
    if (chain && last && beside(last, block)) chain.push(block)
    else out.push([block])
  }
  return out
}

function beside(before: Block, next: Block): boolean {
  const rowsAcross = isOneRow(before) || (isAcross(before) && isAcross(next))
  if (Math.min(before.lines.length, next.lines.length) > 2 && !rowsAcross) return false
  const a = before.lines[before.lines.length - 1]
  const b = next.lines[0]
  if (!a || !b || !isHorizontal(a) || !isHorizontal(b)) return false
  const gap = Math.max(b.bbox[0] - a.bbox[2], a.bbox[0] - b.bbox[2])
  const near = 2 * Math.max(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1])
  return gap >= 4 && Math.abs(b.bbox[1] - a.bbox[1]) <= near
}

/**
 * A block whose lines all stand on one row, apart from each other: a leaflet's panel headings,
 * drawn across the page before the rows of the panels' text. It goes with the block under it, so
 * that each heading is cut into its panel's column.
 */
function isOneRow(block: Block): boolean {
  const [first, ...rest] = block.lines
  if (!first || rest.length === 0 || block.lines.length > MAX_PANELS) return false
  if (!block.lines.every(isHorizontal)) return false
  return rest.every((l, i) => {
    const before = block.lines[i]!
    return Math.abs(l.bbox[1] - first.bbox[1]) < SAME_ROW && l.bbox[0] > before.bbox[2]
  })
}

/**
 * A block holding lines side by side on one row, apart from each other: rows of panels drawn
 * across the page together. A leaflet whose panels' paragraphs do not start level gives MuPDF
 * several such blocks in turn, each of many lines, which are cut into columns together.
 */
function isAcross(block: Block): boolean {
  const sorted = [...block.lines].sort((a, b) => a.bbox[1] - b.bbox[1])
  return sorted.some((line, i) => {
    const next = sorted[i + 1]
    if (!next || !isLevel(line, next) || !isHorizontal(line) || !isHorizontal(next)) return false
    return Math.max(next.bbox[0] - line.bbox[2], line.bbox[0] - next.bbox[2]) >= 4
  })
}

/**
 * Lines set on one baseline in one size, as a layout program sets a row: an OCR layer's lines,
 * each sized to its word's width and set where its word was seen, stand a point or more apart and
 * differ in size, and its rows are no evidence of columns.
 */
function isLevel(a: Line, b: Line): boolean {
  const size = (l: Line): number => l.spans.find((s) => s.text.trim() !== '')?.size ?? 0
  return Math.abs(a.bbox[3] - b.bbox[3]) < LEVEL && Math.abs(size(a) - size(b)) < LEVEL / 5
}

/** Points within which a row's lines share their baseline. */
const LEVEL = 0.5

/** A leaflet folds into a few panels: a row of more headings is a table's header. */
const MAX_PANELS = 6

/** Points within which the tops of headings on one row stand. */
const SAME_ROW = 2

function joined(chain: readonly Block[]): Block {
  const lines = chain.flatMap((b) => b.lines)
  return { ...chain[0]!, bbox: boundsOf(lines.map((l) => l.bbox)), lines }
}

/** Lines a side needs to be a column of running text, not a table's cells or labels. */
const COLUMN_LINES = 5

/** Mean characters a column's lines hold: prose, not cells of numbers. */
const COLUMN_CHARS = 12

function split(block: Block): Block[] {
  const lines = block.lines
  if (lines.length <= COLUMN_LINES || !lines.every(isHorizontal)) return [block]
  const em = middleSize(lines.flatMap((l) => l.spans.filter((s) => s.text.trim() !== ''))) ?? 10
  for (const [g0, g1] of gutters(lines, Math.max(4, em * 0.8))) {
    const sides = (ls: readonly Line[]): [Line[], Line[]] => [
      ls.filter((l) => l.bbox[2] <= g0),
      ls.filter((l) => l.bbox[0] >= g1)
    ]
    const [left, right] = sides(lines)
    if (left.length === 0 || right.length === 0 || isMarkColumn(left, g0, em)) continue
    // The columns start where both have begun: a short last line of the abstract above them
    // stands clear of the gutter too, but above the other column's first line.
    const top = Math.max(...[left, right].map((ls) => Math.min(...ls.map((l) => l.bbox[1]))))
    const slack = em / 2
    const above = lines.filter((l) => l.bbox[3] <= top + slack)
    const aboveSet = new Set(above)
    const rest = lines.filter((l) => !aboveSet.has(l))
    const wide = rest.filter((l) => l.bbox[2] > g0 && l.bbox[0] < g1)
    const bottom = Math.min(...wide.map((l) => l.bbox[1]))
    const below = rest.filter((l) => l.bbox[1] >= bottom)
    const [inLeft, inRight] = sides(rest.filter((l) => l.bbox[1] < bottom))
    if (!isColumnPair(rowsOf(inLeft), rowsOf(inRight))) continue
    return [
      ...part(block, above),
      ...paragraphs(inLeft).flatMap((p) => split(partBlock(block, p))),
      ...splitSide(block, inRight),
      ...(below.length === 0 ? [] : split(partBlock(block, below)))
    ]
  }
  return [block]
}

/**
 * Whether the lines that end at a gutter's left edge are a list's marks alone ("-", "1."), drawn
 * apart from their items right of it: a monospaced font's dash and the space after it leave a
 * band as wide as a gutter, and a cut there would read the marks as a column of their own.
 */
function isMarkColumn(left: readonly Line[], g0: number, em: number): boolean {
  const edge = left.filter((l) => l.bbox[2] > g0 - em)
  return edge.length >= 2 && edge.every((l) => MARK_ALONE.test(lineText(l).trim()))
}

/**
 * The side right of a gutter: cut into its own columns first (a leaflet's second and third
 * panels, whose heading row a cut into paragraphs would part from both), else into paragraphs.
 */
function splitSide(block: Block, lines: readonly Line[]): Block[] {
  const side = partBlock(block, lines)
  const parts = split(side)
  if (parts.length > 1) return parts
  return paragraphs(lines).flatMap((p) => split(partBlock(block, p)))
}

/**
 * Vertical bands of whitespace, left to right, that no line of column width crosses: the
 * block's lines narrower than half its width, the lines a column is made of, leave them free.
 */
function gutters(lines: readonly Line[], minGutter: number): Array<[number, number]> {
  const [x0, , x1] = boundsOf(lines.map((l) => l.bbox))
  const narrow = lines
    .filter((l) => l.bbox[2] - l.bbox[0] < (x1 - x0) / 2)
    .map((l) => [l.bbox[0], l.bbox[2]] as const)
    .sort((a, b) => a[0] - b[0])
  const found: Array<[number, number]> = []
  let reach = narrow[0]?.[1] ?? x1
  for (const [start, end] of narrow) {
    if (start - reach >= minGutter) found.push([reach, start])
    reach = Math.max(reach, end)
  }
  return found
}

/**
 * Two columns of running text side by side, or two panels of a leaflet: short, under headings
 * and with lists beside their prose, but each with a sentence wrapped from one line to the next
 * in it, which a table's cells of names and numbers have not.
 */
function isColumnPair(left: readonly Line[], right: readonly Line[]): boolean {
  if (isProse(left) && isProse(right)) return true
  return [left, right].every(
    (side) =>
      side.length >= PANEL_LINES && meanChars(side) >= COLUMN_CHARS && wrappedSentences(side) >= 1
  )
}

/**
 * A side's lines as rows: MuPDF cuts a justified line at word gaps wider than it expects (a
 * monospaced font's, spread to the column's width) into pieces on one baseline, each a line of
 * a few letters, which would not count as a line of running text. Pieces on one baseline, in
 * a side already parted from the other by the gutter, are one line of it.
 */
function rowsOf(lines: readonly Line[]): Line[] {
  const rows: Line[][] = []
  for (const line of [...lines].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0])) {
    const row = rows.find((r) => isLevel(r[0]!, line))
    if (row) row.push(line)
    else rows.push([line])
  }
  return rows.map((row) =>
    row.length === 1
      ? row[0]!
      : {
          ...row[0]!,
          bbox: boundsOf(row.map((l) => l.bbox)),
          spans: row.flatMap((l) => l.spans)
        }
  )
}

/** Lines a leaflet's panel has at least: a heading and a wrapped sentence. */
const PANEL_LINES = 3

/**
 * Lines whose sentence runs on into the line right under them (overlapping it, a line's height
 * lower), which starts in lower case: running text wrapped at its column's edge.
 */
function wrappedSentences(lines: readonly Line[]): number {
  return lines.filter((line) => {
    const text = lineText(line).trim()
    if (text === '' || /[.!?:;]$/.test(text)) return false
    const height = line.bbox[3] - line.bbox[1]
    return lines.some((next) => {
      const step = next.bbox[1] - line.bbox[1]
      const overlap = Math.min(line.bbox[2], next.bbox[2]) - Math.max(line.bbox[0], next.bbox[0])
      return (
        step > height / 2 &&
        step < height * 1.6 &&
        overlap > 0 &&
        /^\p{Ll}/u.test(lineText(next).trim())
      )
    })
  }).length
}

const lineText = (line: Line): string => line.spans.map((s) => s.text).join('')

const meanChars = (lines: readonly Line[]): number =>
  lines.reduce((n, l) => n + inkedChars(l), 0) / lines.length

/**
 * Running text: enough lines of a dozen characters and more on average, most of them nearly
 * as wide as the column (justified or ragged prose), and sentences running on from line to
 * line (a third of the lines start in lower case), unlike a table column of cells or a list of
 * names and addresses, each line starting afresh.
 */
function isProse(lines: readonly Line[]): boolean {
  if (lines.length < COLUMN_LINES) return false
  const [x0, , x1] = boundsOf(lines.map((l) => l.bbox))
  const widths = lines.map((l) => l.bbox[2] - l.bbox[0]).sort((a, b) => a - b)
  const runOn = lines.filter((l) => /^\s*\p{Ll}/u.test(l.spans.map((s) => s.text).join(''))).length
  return (
    (widths[widths.length >> 1] ?? 0) >= 0.6 * (x1 - x0) &&
    meanChars(lines) >= COLUMN_CHARS &&
    runOn >= lines.length / 3
  )
}

/**
 * A column's lines top to bottom, parted where a row is left empty between them: the blank line
 * between paragraphs, which MuPDF could not see with the other column's lines drawn in between.
 */
function paragraphs(lines: readonly Line[]): Line[][] {
  const sorted = [...lines].sort((a, b) => a.bbox[1] - b.bbox[1])
  const steps = sorted.slice(1).map((l, i) => l.bbox[1] - sorted[i]!.bbox[1])
  const pitch = [...steps].sort((a, b) => a - b)[steps.length >> 1] ?? 0
  const out: Line[][] = []
  sorted.forEach((line, i) => {
    if (i === 0 || steps[i - 1]! > pitch * 1.5) out.push([line])
    else out[out.length - 1]!.push(line)
  })
  return out
}

function partBlock(block: Block, lines: readonly Line[]): Block {
  return { ...block, bbox: boundsOf(lines.map((l) => l.bbox)), lines }
}

function part(block: Block, lines: readonly Line[]): Block[] {
  return lines.length === 0 ? [] : [partBlock(block, lines)]
}
