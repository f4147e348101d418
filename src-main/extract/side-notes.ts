import {
  boundsOf,
  drawnLine,
  isHorizontal,
  middleSize,
  type Block,
  type Line,
  type Span
} from '../shared/layout.js'
import { NOTE_LINES, NOTE_SIZE, NOTE_WORDS } from '../shared/note-box.js'
import { remainingLines } from './side-boxes.js'

/** The paragraph beside a note has at least this many lines of its own. */
const TEXT_LINES = 1

/** Lines of other blocks starting at a note's edge that make it a column of the page's text. */
const COLUMN_LINES = 2

/**
 * A note in small type set in a margin or a gutter beside a paragraph, with no label word
 * ("Forms are free at any post office in town." in the gutter), which MuPDF took into the
 * paragraph's block: as lines of their own between the paragraph's, which reading the block row
 * by row runs into its sentences ("The bees arrive before Forms are free the blossom"), or, drawn
 * a row at a time, at the head of the paragraph's lines or between two columns' lines joined
 * through it. The runs of a block set smaller than its text, holding words, and standing where
 * none of the block's text passes (in a margin or a gutter, not in a column) are taken out into a
 * block of their own (`boxes`), a line's text on each side of a run kept as lines of their own;
 * the order reads the note after its paragraph (layout/side-boxes.ts). A box's label drawn among
 * a paragraph's lines is side-boxes.ts's.
 */
export function takeOutSideNotes(blocks: readonly Block[]): { text: Block[]; boxes: Block[] } {
  const text: Block[] = []
  const boxes: Block[] = []
  const page: Page = { blocks, body: textSize(blocks.flatMap((b) => b.lines)) }
  for (const block of blocks) {
    const pieces = notePieces(block, page)
    if (pieces.length === 0) {
      text.push(block)
      continue
    }
    const gone = new Set(pieces.flatMap((p) => p.spans))
    const lines = block.lines.flatMap((line) =>
      line.spans.some((s) => gone.has(s)) ? remainingLines(line, gone) : [line]
    )
    text.push({ ...block, lines, bbox: boundsOf(lines.map((l) => l.bbox)) })
    const note = pieces.map(pieceLine).sort(byPlace)
    boxes.push({ ...block, lines: note, bbox: boundsOf(note.map((l) => l.bbox)) })
  }
  return { text, boxes }
}

type Piece = Readonly<{ line: Line; spans: readonly Span[] }>

const inked = (span: Span): boolean => span.text.trim() !== ''

/** The page's blocks and the size most of its characters are set in. */
type Page = Readonly<{ blocks: readonly Block[]; body: number }>

/** The runs of small type of `block` that are a note beside its text, or none. */
function notePieces(block: Block, page: Page): Piece[] {
  if (block.lines.length < TEXT_LINES + 1 || !block.lines.every(isHorizontal)) return []
  const size = textSize(block.lines)
  const small = (span: Span): boolean => span.size * NOTE_SIZE <= size
  const pieces = block.lines.flatMap((line) => smallRuns(line, small))
  if (pieces.length === 0) return []
  const words = pieces
    .flatMap((p) => p.spans.map((s) => s.text))
    .join('')
    .match(/\p{L}{2,}/gu)
  if ((words?.length ?? 0) < NOTE_WORDS || rows(pieces) > NOTE_LINES) return []
  // A note opens a sentence of its own. Drawn row by row, a panel's heading and the last words of
  // a paragraph two panels over, level by chance, are one block of MuPDF's, the words smaller
  // than the heading and standing where it does not pass: opening in lower case, they go on from
  // the line above them, and are no note.
  if (/^\s*\p{Ll}/u.test(drawnLine(pieces.map(pieceLine).sort(byPlace)[0]!))) return []
  const spans = pieces.flatMap((p) => p.spans)
  const x0 = Math.min(...spans.map((s) => s.bbox[0]))
  const x1 = Math.max(...spans.map((s) => s.bbox[2]))
  // The note stands where no text of the block passes: in a margin or a gutter.
  let textLines = 0
  for (const line of block.lines) {
    const rest = line.spans.filter((s) => inked(s) && !small(s))
    if (rest.some((s) => Math.min(s.bbox[2], x1) - Math.max(s.bbox[0], x0) > 1)) return []
    if (rest.length > 0) textLines++
  }
  // Nor in a column of the page's text: drawn row by row, a leaflet's quotation set large and
  // the next panel's address, level by chance, are one block of MuPDF's, the address smaller
  // than the quotation but starting where that panel's other lines, in the page's text size,
  // start. A form's column of notes in small type is a margin's.
  const atEdge = page.blocks.flatMap((b) =>
    b === block
      ? []
      : b.lines.filter(
          (l) => Math.abs(l.bbox[0] - x0) <= 1 && (middleSize(l.spans) ?? 0) >= page.body
        )
  )
  if (atEdge.length >= COLUMN_LINES) return []
  return textLines >= TEXT_LINES ? pieces : []
}

/** Top to bottom, then left to right, as a note's lines are read. */
const byPlace = (a: Line, b: Line): number => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]

const pieceLine = (p: Piece): Line => ({
  ...p.line,
  spans: p.spans,
  bbox: boundsOf(p.spans.map((s) => s.bbox))
})

/** The size most of the lines' characters are set in. */
function textSize(lines: readonly Line[]): number {
  const chars = new Map<number, number>()
  for (const line of lines) {
    for (const span of line.spans) {
      chars.set(span.size, (chars.get(span.size) ?? 0) + span.text.length)
    }
  }
  return [...chars].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0])[0]
}

/** Runs of consecutive small spans of `line` with ink, the blank spans inside them kept. */
function smallRuns(line: Line, small: (span: Span) => boolean): Piece[] {
  const runs: Span[][] = []
  let run: Span[] = []
  for (const span of line.spans) {
    if (!inked(span)) {
      if (run.length > 0) run.push(span)
    } else if (small(span)) run.push(span)
    else if (run.length > 0) {
      runs.push(run)
      run = []
    }
  }
  if (run.length > 0) runs.push(run)
  return runs.map((spans) => {
    let end = spans.length
    while (end > 0 && !inked(spans[end - 1]!)) end--
    return { line, spans: spans.slice(0, end) }
  })
}

/** Rows the pieces stand on: pieces whose middles are within a half line are one row. */
function rows(pieces: readonly Piece[]): number {
  const middles = pieces.map((p) => (p.line.bbox[1] + p.line.bbox[3]) / 2).sort((a, b) => a - b)
  let count = 0
  let last = -Infinity
  for (const middle of middles) {
    if (middle - last > 2) count++
    last = middle
  }
  return count
}
