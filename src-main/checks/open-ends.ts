import type { BBox } from '../shared/layout.js'
import { PROSE_LINE, isProse } from '../shared/prose.js'
import { otherSizes, typeSize } from './block-type.js'
import type { CheckInput } from './check.js'
import { oneColumn, readBlocks, type ReadBlock } from './read-lines.js'

export type OpenEnd = Readonly<{
  /** The last line of the block whose sentence is left open. */
  open: string
  /** The first line of the block read after it, which starts a sentence of its own. */
  next: string
  bbox: BBox
}>

/** A line that stops in the middle of a sentence: on a word in lower case, no stop after it. */
const OPEN = /(?:^|\s)\p{Ll}{2,}$/u
/** A sentence's end inside running text. */
const STOP = /\p{Ll}{2,}[.!?](?:\s|$)/u
/** Running text, not a list's or a table's cells: most of its words start in lower case. */
const RUNNING = 0.6
/** Words a block holds before its words tell running text from a list. */
const MIN_WORDS = 8
/** A line that opens a sentence of its own. */
const OPENS = /^\p{Lu}/u
/** A block wider than this many times another spans its column and more: a title, an abstract. */
const WIDER = 1.5

function running(text: string): boolean {
  const words = text.split(/\s+/u).filter((w) => /^\p{L}/u.test(w))
  const lower = words.filter((w) => /^\p{Ll}/u.test(w)).length
  return words.length >= MIN_WORDS && lower >= RUNNING * words.length
}

const width = (box: BBox): number => box[2] - box[0]

/** Whether `above` stands over `block` in its column, no wider than a column. */
function over(above: BBox, block: BBox): boolean {
  return above[3] <= block[1] + 1 && oneColumn(above, block) && width(above) <= WIDER * width(block)
}

/**
 * Body blocks whose last sentence is left open ("…brought heavy rain and strong winds on"), read
 * just before a block in another column that starts a sentence of its own and stands under
 * running text of its column. A column's last sentence goes on at the top of the next column,
 * so read right, the block after it is that column's first; read a band at a time, the
 * sentence's end ("Tuesday night.") was read before its start and the text goes "winds on /
 * The mayor closed". A block at the top of its column may open on a name ("Tuesday") and go on,
 * so only one with running text over it counts.
 */
export function openEnds(input: CheckInput): OpenEnd[] {
  const body = readBlocks(input)
  const prose = (b: ReadBlock) => {
    const text = b.lines.join(' ')
    return b.role === 'body' && text.length >= 2 * PROSE_LINE && isProse(text) && running(text)
  }
  const found: OpenEnd[] = []
  for (let i = 0; i + 1 < body.length; i++) {
    const a = body[i]!
    const b = body[i + 1]!
    if (!prose(a) || !prose(b) || !OPEN.test(a.lines.at(-1)!) || !OPENS.test(b.lines[0]!)) continue
    if (!STOP.test(b.lines.join(' '))) continue
    if (oneColumn(a.block.bbox, b.block.bbox)) continue
    if (otherSizes(typeSize(a.block), typeSize(b.block))) continue
    const underText = body.some(
      (c) => c !== a && c !== b && prose(c) && over(c.block.bbox, b.block.bbox)
    )
    if (!underText) continue
    found.push({ open: a.lines.at(-1)!, next: b.lines[0]!, bbox: a.block.bbox })
  }
  return found
}
