import { boundsOf, isHorizontal, middleSize, type Block, type Line } from '../shared/layout.js'

/**
 * MuPDF keeps a column's lines in one block while their spacing stays even, so a booklet set
 * solid, its paragraphs parted only by an indent or a bold run-in heading ("Signing. An unsigned
 * return is…"), comes out as one block of thousands of characters: one paragraph for a reviewer
 * to edit, chunks cut anywhere. Such a block is cut where the print starts a paragraph: a line
 * after one that ends a sentence, which opens with a run-in heading (bold or in capitals)
 * followed by plain text, is a bold heading on a line of its own, or is indented from the edge
 * most of the block's lines start at. Blocks are numbered anew, in order.
 */
export function splitAtParagraphStarts(blocks: readonly Block[]): Block[] {
  return blocks.flatMap(split).map((block, id) => ({ ...block, id }))
}

/** A block needs this many lines before its starts are read: a paragraph has two at least. */
const MIN_LINES = 4

/** An indent is at least this many ems and at most the larger. */
const INDENT_EMS: readonly [number, number] = [0.8, 4]

/** Points within which lines start at one edge. */
const SAME_EDGE = 1

const ENDS_SENTENCE = /[.!?:]["'”’)]?$/u

/** Cells of a row stand further apart than this many ems: a justified line's word gaps do not. */
const CELL_GAP = 2

function split(block: Block): Block[] {
  if (block.lines.length < MIN_LINES || !block.lines.every(isHorizontal)) return [block]
  const em = middleSize(block.lines.flatMap((l) => l.spans)) ?? 10
  const rows = rowsOf(block.lines, em)
  if (rows === null || rows.length < MIN_LINES) return [block]
  const edge = commonStart(rows.map((r) => r[0]!))
  if (edge === null) return [block]
  const parts: Line[][] = [[...rows[0]!]]
  rows.slice(1).forEach((row, i) => {
    const before = rows[i]!
    const after = rows[i + 2]?.[0]
    const first = row[0]!
    const starts =
      ENDS_SENTENCE.test(text(before[before.length - 1]!)) &&
      (runInHeading(first, edge) ||
        headingLine(row, before, rows[i + 2], edge) ||
        (indented(first, edge, em) && (!after || Math.abs(after.bbox[0] - edge) <= SAME_EDGE)))
    if (starts) parts.push([...row])
    else parts[parts.length - 1]!.push(...row)
  })
  if (parts.length === 1) return [block]
  return parts.map((part) => ({ ...block, lines: part, bbox: boundsOf(part.map((l) => l.bbox)) }))
}

/**
 * The block's lines as rows top to bottom, in drawing order (MuPDF cuts a justified line at a
 * wide word gap into pieces on one row); null where a row's pieces stand apart as table cells
 * do, or the lines do not run down the page: no column of text.
 */
function rowsOf(lines: readonly Line[], em: number): Line[][] | null {
  const rows: Line[][] = []
  for (const line of lines) {
    const row = rows[rows.length - 1]
    const last = row?.[row.length - 1]
    const mid = (line.bbox[1] + line.bbox[3]) / 2
    if (row && last && mid < last.bbox[3] && mid > last.bbox[1]) {
      if (line.bbox[0] < last.bbox[2] || line.bbox[0] - last.bbox[2] > em * CELL_GAP) return null
      row.push(line)
    } else if (last && mid <= last.bbox[3]) return null
    else rows.push([line])
  }
  return rows
}

const text = (line: Line): string =>
  line.spans
    .map((s) => s.text)
    .join('')
    .trim()

/** The left edge most of the lines start at, if more than half do. */
function commonStart(lines: readonly Line[]): number | null {
  const starts = lines.map((l) => l.bbox[0])
  for (const x of starts) {
    const at = starts.filter((s) => Math.abs(s - x) <= SAME_EDGE).length
    if (at * 2 > lines.length) return x
  }
  return null
}

/**
 * A run-in heading set in capitals, words of two letters and more ending in a stop, a sentence
 * after it ("FERRY TIMES. Boats leave…"): "U.S. Army" is no heading, nor a line of a paragraph set
 * all in capitals, whose next word has no small letters.
 */
const CAPITALS_HEADING = /^\p{Lu}[\p{Lu}'’-]+(?:\s+\p{Lu}[\p{Lu}'’-]+)*[.:]\s+\p{Lu}?\p{Ll}/u

/**
 * A line at the edge whose first words are bold, or in capitals, and end in a stop, plain text
 * after them.
 */
function runInHeading(line: Line, edge: number): boolean {
  if (Math.abs(line.bbox[0] - edge) > SAME_EDGE) return false
  if (CAPITALS_HEADING.test(text(line))) return true
  const inked = line.spans.filter((s) => s.text.trim() !== '')
  const plain = inked.findIndex((s) => !s.bold)
  if (plain <= 0) return false
  const heading = inked
    .slice(0, plain)
    .map((s) => s.text)
    .join('')
    .trim()
  return /\p{L}/u.test(heading) && /[.:]$/u.test(heading)
}

/**
 * A heading on a line of its own: a row wholly bold at the edge, under a row of plain text, with
 * more of the block after it (its text, or the heading's next line).
 */
function headingLine(
  row: readonly Line[],
  before: readonly Line[],
  after: readonly Line[] | undefined,
  edge: number
): boolean {
  if (!after || Math.abs(row[0]!.bbox[0] - edge) > SAME_EDGE) return false
  return weight(row) === 'bold' && weight(before) === 'plain'
}

/** A row of words wholly in bold, or holding plain ones; null for a row without letters (a "!"). */
function weight(row: readonly Line[]): 'bold' | 'plain' | null {
  const inked = row.flatMap((l) => l.spans).filter((s) => s.text.trim() !== '')
  if (!inked.some((s) => /\p{L}/u.test(s.text))) return null
  return inked.every((s) => s.bold) ? 'bold' : 'plain'
}

function indented(line: Line, edge: number, em: number): boolean {
  const indent = line.bbox[0] - edge
  return indent >= em * INDENT_EMS[0] && indent <= em * INDENT_EMS[1]
}
