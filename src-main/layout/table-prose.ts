import {
  drawnLine,
  middleSize,
  shareRow,
  spansOf,
  type Block,
  type Line,
  type PageLayout
} from '../shared/layout.js'
import { LIST_MARKER, MARK_ALONE, listsItems } from '../shared/list-marker.js'
import { pageBands } from '../shared/openings.js'

/**
 * Prose set in level blocks (paragraphs of three columns that start level, the lines of columns
 * cut at the same heights) lines up in rows and columns as a table does; its text does not read
 * as cells. A block of prose is sentences running over its line ends ("sells out of rye" / "bread
 * before nine"), or a piece of a sentence that the block under it carries on; a table's cells
 * are labels and figures, and a stanza's lines each start afresh (PDFBOX-3110's poems). Where
 * most of a region's written blocks are prose, the region is prose, never a table.
 */
export function isProseGrid(blocks: readonly Block[], em: number): boolean {
  const written = blocks.filter((b) => linesOf(b).length > 0)
  const prose = written.filter(
    (block) =>
      runsOver(block) ||
      written.some((other) => carriesOn(block, other, em) || carriesOn(other, block, em))
  )
  return written.length >= MIN_BLOCKS && prose.length >= written.length * PROSE_SHARE
}

/** A block of running text holds this many words at least; a wrapped label fewer. */
const PARAGRAPH_WORDS = 10

/** A region of fewer written blocks says too little to be judged prose. */
const MIN_BLOCKS = 3

/** The share of written blocks that must be prose for the region to be prose. */
const PROSE_SHARE = 0.6

/** Words a piece of a line of prose holds at least, for its carrying on to count. */
const PIECE_WORDS = 3

type Written = Readonly<{ line: Line; text: string }>

function linesOf(block: Block): Written[] {
  return block.lines
    .map((line) => ({ line, text: drawnLine(line).trim() }))
    .filter((l) => l.text !== '')
}

const words = (text: string): number => text.split(/\s+/u).filter((w) => w !== '').length

/**
 * A sentence runs from one line on to the next: the first ends on a word or a comma, or breaks a
 * word at a hyphen, and the next goes on in lower case.
 */
function runsOn(line: string, next: string): boolean {
  if (/\p{L}-$/u.test(line) && /^\p{L}/u.test(next)) return true
  return /[\p{L},]$/u.test(line) && /^\p{Ll}/u.test(next)
}

/** `lower` stands under `upper`, overlapping it along the line: the next line of its column. */
function under(upper: Line['bbox'], lower: Line['bbox']): boolean {
  const across = Math.min(upper[2], lower[2]) - Math.max(upper[0], lower[0])
  return lower[1] >= (upper[1] + upper[3]) / 2 && across > 0
}

/** A paragraph: enough words, and a sentence running from one of its lines on to the next. */
export function runsOver(block: Block): boolean {
  const lines = linesOf(block)
  if (words(lines.map((l) => l.text).join(' ')) < PARAGRAPH_WORDS) return false
  return lines.some((l, i) => {
    const last = lines[i - 1]
    return last !== undefined && under(last.line.bbox, l.line.bbox) && runsOn(last.text, l.text)
  })
}

/**
 * `upper` ends inside a sentence that `lower`, set just under it in its column, carries on: two
 * pieces of prose, each of a few words (a column of units or codes in lower case holds a word a
 * cell).
 */
function carriesOn(upper: Block, lower: Block, em: number): boolean {
  if (upper === lower || !under(upper.bbox, lower.bbox)) return false
  if (lower.bbox[1] - upper.bbox[3] > em || Math.abs(lower.bbox[0] - upper.bbox[0]) > em) {
    return false
  }
  const above = linesOf(upper)
  const below = linesOf(lower)
  const last = above[above.length - 1]
  const first = below[0]
  if (!last || !first) return false
  return (
    words(above.map((l) => l.text).join(' ')) >= PIECE_WORDS &&
    words(below.map((l) => l.text).join(' ')) >= PIECE_WORDS &&
    runsOn(last.text, first.text)
  )
}

/**
 * A paragraph beside a list, in two panels or columns: two blocks side by side, one running
 * text, the other two items or more, lined up row for row as a table's columns are where both
 * are set in one type and leading (Courier's even word gaps even cut the paragraph's lines into
 * cells). Read as a table, a line of the paragraph is followed by an item's ("weekend, with
 * sunshine returning to the south | o Museum: on market days"); a table's column of entries
 * beside another is not running text.
 */
export function isProseBesideList(blocks: readonly Block[]): boolean {
  const written = blocks.filter((b) => linesOf(b).length > 0)
  if (written.length !== 2) return false
  const [a, b] = [...written].sort((x, y) => x.bbox[0] - y.bbox[0]) as [Block, Block]
  if (b.bbox[0] <= a.bbox[2]) return false
  return (runsOver(a) && listsItems(b.lines)) || (listsItems(a.lines) && runsOver(b))
}

/**
 * Blocks on both sides of a band of whitespace that runs down the whole page, with running text
 * on one side of it and running text or a list on the other: a leaflet's panels drawn one after
 * another, whose list, address and paragraph happen to stand level with the next panel's, not a
 * table (a panel may hold only a heading and its list). A table's columns leave such a band only
 * where the table stands on the page without paragraphs on both sides of it.
 */
export function acrossTextColumns(layout: PageLayout, blocks: readonly Block[]): boolean {
  const lines = layout.blocks.flatMap((b) => b.lines)
  const em = middleSize(spansOf(layout.blocks)) ?? 10
  const x0 = Math.min(...blocks.map((b) => b.bbox[0]))
  const x1 = Math.max(...blocks.map((b) => b.bbox[2]))
  return pageBands(lines, em).some(([a, b]) => {
    if (a <= x0 || b >= x1) return false
    const left = layout.blocks.filter((p) => p.bbox[2] <= a)
    const right = layout.blocks.filter((p) => p.bbox[0] >= b)
    // A list drawn a row at a time is a block an item: its items are counted over the side.
    const list = (side: readonly Block[]): boolean => wordedItems(side.flatMap((p) => p.lines))
    const prose = (side: readonly Block[]): boolean => side.some(runsOver)
    return (prose(left) && (prose(right) || list(right))) || (list(left) && prose(right))
  })
}

/**
 * Two lines or more open a list's item with words: after the marker on the line, or on a line
 * right beside a marker drawn alone. A table's dash for an empty cell stands before figures or
 * another cell, not an item's words an indent away.
 */
function wordedItems(lines: readonly Line[]): boolean {
  const items = lines.filter((line) => {
    const text = drawnLine(line).trim()
    if (LIST_MARKER.test(text)) return /\p{L}{2}/u.test(text)
    if (!MARK_ALONE.test(text)) return false
    const size = Math.max(...line.spans.map((s) => s.size))
    return lines.some(
      (item) =>
        item !== line &&
        shareRow(item.bbox, line.bbox) &&
        item.bbox[0] >= line.bbox[2] &&
        item.bbox[0] - line.bbox[2] <= size * ITEM_INDENT &&
        /^\p{L}{2}/u.test(drawnLine(item).trim())
    )
  })
  return items.length >= 2
}

/** Ems between a marker drawn alone and its item's words, at most. */
const ITEM_INDENT = 2
