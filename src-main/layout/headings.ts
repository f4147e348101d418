import type { BBox, Block, BlockRole, PageLayout } from '../shared/layout.js'
import { blockTextDetail } from './block-text.js'
import { analyzeOrder } from './page-order.js'
import { blockText } from './page-text.js'
import { nonSpaceCodePoints } from '../shared/whitespace.js'

/** Size and weight of a block, weighted by characters: what its heading level is judged from. */
export type BlockStyle = Readonly<{ size: number; boldShare: number; chars: number }>

export function blockStyle(block: Block): BlockStyle {
  let chars = 0
  let sized = 0
  let bold = 0
  for (const line of block.lines) {
    for (const span of line.spans) {
      const n = nonSpaceCodePoints(span.text)
      chars += n
      sized += n * span.size
      if (span.bold) bold += n
    }
  }
  return { size: chars === 0 ? 0 : sized / chars, boldShare: chars === 0 ? 0 : bold / chars, chars }
}

/** Rounded to half points so a histogram of body sizes has few, meaningful bins. */
function sizeBin(size: number): number {
  return Math.round(size * 2) / 2
}

/** Characters per font size (in half points) over a page's blocks: its share of the body size. */
export type SizeHistogram = Readonly<Record<string, number>>

export function sizeHistogram(layout: PageLayout): SizeHistogram {
  const chars: Record<string, number> = {}
  for (const block of layout.blocks) {
    const style = blockStyle(block)
    if (style.chars === 0) continue
    const bin = String(sizeBin(style.size))
    chars[bin] = (chars[bin] ?? 0) + style.chars
  }
  return chars
}

/** The font size most characters of the document are set in (its body text); 0 for none. */
export function documentBodySize(pages: readonly SizeHistogram[]): number {
  const chars = new Map<number, number>()
  for (const page of pages) {
    for (const [bin, n] of Object.entries(page)) {
      chars.set(Number(bin), (chars.get(Number(bin)) ?? 0) + n)
    }
  }
  let best = 0
  let most = -1
  for (const [size, n] of chars) {
    if (n > most || (n === most && size < best)) [best, most] = [size, n]
  }
  return best
}

/**
 * Heading level (1–4) or 0 for body text. Size relative to the document's body size decides
 * 1/2/3; a short bold line at body size is a level-4 run-in heading. Long blocks are never
 * headings, whatever their font: a bold paragraph is emphasis, not structure.
 */
export function headingLevel(style: BlockStyle, text: string, lines: number, body: number): number {
  if (text.length > 200 || lines > 3 || body <= 0) return 0
  if (text.replace(/[^\p{L}]/gu, '').length < 2) return 0
  // A display formula set large ("F(b) − F(a)", "n(n + 1)") holds no word: it heads nothing.
  if (!WORD.test(text) && FORMULA.test(text)) return 0
  // A line that runs on into what follows ("… the following criteria:") introduces, not heads.
  if (/[,;:]$/u.test(text)) return 0
  const ratio = style.size / body
  if (ratio >= 1.6) return 1
  if (ratio >= 1.3) return 2
  if (ratio >= 1.12) return 3
  const shortBoldLine = style.boldShare >= 0.9 && lines === 1 && text.length <= 80
  if (shortBoldLine && ratio >= 0.95 && !/[.,;:]$/u.test(text)) return 4
  return 0
}

/** A word: three letters running. */
const WORD = /\p{L}{3,}/u

/** Signs of mathematics: operators, relations, brackets around a letter. */
const FORMULA = /[=+−×÷∑∏∫√≤≥≈≠∈∞]|\(\p{L}\)|\p{L}\(/u

/** Overlap of more than a point both ways: one box drawn into the other, not beside it. */
function overlaps(a: BBox, b: BBox): boolean {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0])
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1])
  return w > 1 && h > 1
}

/**
 * Titles and section headings among the page's body blocks: the one rule behind the `heading`
 * role the review screen shows and the Markdown export's `#` lines. A table's cells (a grid the
 * order reads row by row, a block of table rows, or a column head that MuPDF set apart inside
 * the box of the table's rows) are no headings, however large or bold they are set.
 */
export function markHeadings(layout: PageLayout, roles: BlockRole[], body: number): void {
  if (body <= 0) return
  const cells = new Set(analyzeOrder(layout).grids.flat())
  for (const block of layout.blocks) {
    if (roles[block.id] !== 'body' || cells.has(block.id)) continue
    const level = headingLevel(blockStyle(block), blockText(block).trim(), block.lines.length, body)
    if (level === 0 || blockTextDetail(block).tabular) continue
    if (layout.blocks.some((b) => b !== block && overlaps(b.bbox, block.bbox))) continue
    roles[block.id] = 'heading'
  }
}
