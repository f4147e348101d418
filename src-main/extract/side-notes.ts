import {
  boundsOf,
  drawnLine,
  isHorizontal,
  middleSize,
  type Block,
  type Line
} from '../shared/layout.js'

/** A note holds a few lines of words: a tip, a reference, a reminder without a label. */
const NOTE_LINES = 8
const NOTE_WORDS = 4

/** A note's type is smaller than its paragraph's by this factor and more. */
const OTHER_SIZE = 1.2

/** The paragraph beside a note has at least this many lines of its own. */
const TEXT_LINES = 2

/**
 * A note in small type set in a margin or a gutter beside a paragraph, with no label word
 * ("Forms are free at any post office in town." in the gutter), which MuPDF took into the
 * paragraph's block: its lines stand between the paragraph's, and reading the block row by row
 * runs them into the paragraph's sentences ("The bees arrive before Forms are free the blossom").
 * The lines of a block set smaller than the rest of it, holding words, and standing wholly left
 * or wholly right of every other line of the block (in its margin, not in its column) are taken
 * out into a block of their own (`boxes`); the order reads it after its paragraph
 * (layout/side-boxes.ts). A box's label drawn among a paragraph's lines is side-boxes.ts's.
 */
export function takeOutSideNotes(blocks: readonly Block[]): { text: Block[]; boxes: Block[] } {
  const text: Block[] = []
  const boxes: Block[] = []
  for (const block of blocks) {
    const note = noteLines(block)
    if (note.length === 0) {
      text.push(block)
      continue
    }
    const taken = new Set(note)
    const lines = block.lines.filter((l) => !taken.has(l))
    text.push({ ...block, lines, bbox: boundsOf(lines.map((l) => l.bbox)) })
    const sorted = [...note].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0])
    boxes.push({ ...block, lines: sorted, bbox: boundsOf(sorted.map((l) => l.bbox)) })
  }
  return { text, boxes }
}

/** The lines of `block` that are a note beside its paragraph, or none. */
function noteLines(block: Block): Line[] {
  if (block.lines.length < TEXT_LINES + 1 || !block.lines.every(isHorizontal)) return []
  // The paragraph's size, where a note of many short spans can outnumber its spans.
  const longest = block.lines.reduce((a, b) => (drawnLine(b).length > drawnLine(a).length ? b : a))
  const size = middleSize(longest.spans) ?? 0
  const small = block.lines.filter((l) => (middleSize(l.spans) ?? size) * OTHER_SIZE <= size)
  if (small.length === 0 || small.length > NOTE_LINES) return []
  const rest = block.lines.filter((l) => !small.includes(l))
  if (rest.length < TEXT_LINES) return []
  const left = Math.min(...rest.map((l) => l.bbox[0]))
  const right = Math.max(...rest.map((l) => l.bbox[2]))
  const beside =
    small.every((l) => l.bbox[2] <= left + 1) || small.every((l) => l.bbox[0] >= right - 1)
  if (!beside) return []
  const words =
    small
      .map(drawnLine)
      .join(' ')
      .match(/\p{L}{2,}/gu)?.length ?? 0
  return words >= NOTE_WORDS ? small : []
}
