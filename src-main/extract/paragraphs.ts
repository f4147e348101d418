import { isCjk } from '../shared/cjk.js'
import { isHorizontal, middleSize, type Block } from '../shared/layout.js'
import { endsInLeader } from '../shared/leader.js'
import { countWithin } from '../shared/sorted.js'
import { textBox } from '../shared/text-box.js'
import { mergeConsecutive } from './merge-blocks.js'
import { uprightView } from './upright.js'

/**
 * MuPDF starts a new block wherever the gap to the next line is larger than the line spacing it
 * has seen so far, so a double-spaced page (court opinions, manuscripts) and many OCR layers come
 * out one block per line: a blank line after every line of text, a line-end hyphen that is never
 * mended, and dozens of blocks for a reviewer to order. Consecutive blocks that continue one
 * paragraph are merged back here, before anything reads the blocks.
 *
 * A block continues the one before it when, in the same horizontal text of about the same size
 * and weight, it starts below it by no more than a line height, starts at the paragraph's left
 * edge (a first-line indent begins a new paragraph), and the block before ends in a full line
 * (a short last line ends a paragraph). Table rows, whose cells stand apart, are never merged.
 * Text set turned on the page (running up it, down it or upside down) is judged alike in its own
 * reading frame, against the margins of the text turned its way.
 */
export function mergeParagraphs(blocks: readonly Block[]): Block[] {
  const edges = rightEdges(blocks)
  const turned = new Map<number, Block[]>()
  for (const view of blocks.map(uprightView)) {
    if (view) turned.set(view.way, [...(turned.get(view.way) ?? []), view.block])
  }
  const turnedEdges = new Map([...turned].map(([way, views]) => [way, rightEdges(views)]))
  return mergeConsecutive(blocks, (above, _, below) => {
    const [a, b] = turned.size === 0 ? [null, null] : [uprightView(above), uprightView(below)]
    // MuPDF gives a turned table of contents a block per entry; merged, its rows read as a
    // table's (test_2634 p2), so an entry ending in its leader stays a block of its own there.
    if (a && b && a.way === b.way) {
      return !row(a.block, 'last')?.leader && continues(a.block, b.block, turnedEdges.get(a.way)!)
    }
    return continues(above, below, edges)
  })
}

type Row = Readonly<{
  x0: number
  y0: number
  x1: number
  y1: number
  em: number
  bold: boolean
  /** Ends in a word broken by a hyphen, which the next row must continue. */
  hyphenated: boolean
  /** Has gaps as wide as a table's between cells. */
  gapped: boolean
  /** Ends an entry of a table of contents: a leader and a page number. */
  leader: boolean
  /** Starts and ends with Han, kana or full-width characters. */
  cjkStart: boolean
  cjkEnd: boolean
}>

/** Sizes of the two rows may differ by this factor: an OCR layer's sizes wobble from word to word. */
const SIZE_RATIO = 1.25

/** A paragraph's full line is at least this many ems wide. */
const MIN_FULL_EMS = 6

/** A line of CJK prose is at least this many characters long. */
const CJK_PROSE_EMS = 20

/**
 * Lines of the page that must end within an em of a line for its end to be a margin: two short
 * lines of a transcript can end level by chance ("at 1:01 p.m." over "APPEARANCES:"), while a
 * column's lines, justified or ragged, end near its margin by the dozen.
 */
const MARGIN_LINES = 3

/**
 * A gap inside a row wider than this many ems separates table cells, not words. An OCR layer's
 * justified row can have such gaps too; it still continues a row broken by a hyphen.
 */
const CELL_GAP = 2

function continues(above: Block, below: Block, edges: readonly number[]): boolean {
  if (!isHorizontalBlock(above) || !isHorizontalBlock(below)) return false
  const last = row(above, 'last')
  const first = row(below, 'first')
  if (!last || !first || last.gapped || (first.gapped && !last.hyphenated)) return false
  const em = Math.max(last.em, first.em)
  // A CJK line breaks after any character, unjustified: a full one of prose (20 characters and
  // more; a table's labels are shorter) can stop a character and a compressed stop short of the
  // margin (issue-71's résumé ends its lines 7.5 to 12 pt apart).
  const prose = last.cjkEnd && first.cjkStart && last.x1 - last.x0 >= em * CJK_PROSE_EMS
  const slack = prose ? 2 : 1
  const height = Math.max(last.y1 - last.y0, first.y1 - first.y0)
  // A one-row block may be a paragraph's indented first line, up to a few ems right of its edge.
  const oneRow = last.y0 - above.bbox[1] < height / 2
  const left = above.bbox[0] - (oneRow ? em * 4 : em / 2)
  const right = Math.max(above.bbox[2], below.bbox[2])
  return (
    em <= Math.min(last.em, first.em) * SIZE_RATIO &&
    last.bold === first.bold &&
    // Wholly below (OCR boxes overlap, and a row whose middle is inside the one above would read
    // as part of it) and no further than one blank line of its own height.
    (first.y0 + first.y1) / 2 > last.y1 &&
    first.y0 - last.y1 <= height * 1.5 &&
    // Not indented against the line above, nor hanging out of the paragraph.
    first.x0 <= last.x0 + em / 2 &&
    first.x0 >= left &&
    // No wider than the paragraph, whose line above is a line of words that runs to its margin.
    below.bbox[2] <= above.bbox[2] + em * slack &&
    last.x1 >= right - em * 1.5 * slack &&
    last.x1 - last.x0 >= em * MIN_FULL_EMS &&
    countWithin(edges, last.x1 - em * slack, last.x1 + em * slack) >= MARGIN_LINES &&
    // A title runs past a short line under it without being part of its paragraph: a one-row
    // block's edge is a margin only where the block under it reaches it too, or where its last
    // word is broken off.
    (!oneRow || last.hyphenated || below.bbox[2] >= above.bbox[2] - em * 1.5)
  )
}

/** Right ends of the page's horizontal lines, sorted. */
function rightEdges(blocks: readonly Block[]): number[] {
  return blocks
    .flatMap((b) => b.lines.filter(isHorizontal).map((l) => l.bbox[2]))
    .sort((a, b) => a - b)
}

function isHorizontalBlock(block: Block): boolean {
  return block.lines.every(isHorizontal)
}

/**
 * The block's first or last visual row: the lines level with its top or bottom line. MuPDF cuts
 * a row at wide gaps (an OCR layer's words, a justified line), so a row can be several lines.
 */
function row(block: Block, which: 'first' | 'last'): Row | null {
  const boxes = block.lines.map((line) => ({ line, box: textBox(line) }))
  const anchor = boxes.reduce<(typeof boxes)[number] | undefined>((best, b) => {
    if (!best) return b
    const mid = b.box[1] + b.box[3]
    const bestMid = best.box[1] + best.box[3]
    return which === 'first' ? (mid < bestMid ? b : best) : mid > bestMid ? b : best
  }, undefined)
  if (!anchor) return null
  const [, top, , bottom] = anchor.box
  const level = boxes
    .filter((b) => {
      const mid = (b.box[1] + b.box[3]) / 2
      return mid >= top && mid <= bottom
    })
    .sort((a, b) => a.box[0] - b.box[0])
  const spans = level.flatMap((l) => l.line.spans).filter((s) => s.text.trim() !== '')
  if (spans.length === 0) return null
  const em = middleSize(spans) ?? 10
  const gapped = level.some((l, i) => i > 0 && l.box[0] - level[i - 1]!.box[2] > em * CELL_GAP)
  const text = spans
    .map((s) => s.text)
    .join('')
    .trim()
  const boldChars = spans.reduce((n, s) => n + (s.bold ? s.text.length : 0), 0)
  const chars = spans.reduce((n, s) => n + s.text.length, 0)
  return {
    x0: Math.min(...level.map((l) => l.box[0])),
    y0: Math.min(...level.map((l) => l.box[1])),
    x1: Math.max(...level.map((l) => l.box[2])),
    y1: Math.max(...level.map((l) => l.box[3])),
    em,
    bold: boldChars * 2 > chars,
    hyphenated: /\p{L}-$/u.test(text),
    leader: endsInLeader(text),
    gapped,
    cjkStart: isCjk(text[0] ?? ''),
    cjkEnd: isCjk(text.slice(-1))
  }
}
