import {
  EXCLUDED_ROLES,
  isBoldLine,
  isHorizontal,
  type BBox,
  type Block,
  type BlockRole
} from '../shared/layout.js'
import { isProse } from '../shared/prose.js'
import { blockLines, otherSizes, typeSize } from './block-type.js'
import type { CheckInput } from './check.js'
import { apartInX } from './read-lines.js'

export type BrokenFlow = Readonly<{
  /** The block read before, which ended its sentence. */
  before: string
  /** The block that starts in the middle of a sentence. */
  after: string
  bbox: BBox
}>

/** The block read before, its text's lines and its role. */
type Previous = { block: Block; lines: string[]; role: BlockRole }

/** A sentence's end: a stop, maybe closed by a quote or a bracket. */
const SENTENCE_END = /[.!?]["'”’)\]]?$/u

/**
 * A sentence's middle: a word of two lower-case letters or more, not an abbreviation ("e.g.",
 * "et al."), not a name written in lower case with capitals inside it ("iPhone", "pH"); or its
 * last word, of three letters and more, and its stop ("sea."), but for "etc." and "ibid.".
 */
const MID_SENTENCE = /^(?:\p{Ll}{2,}(?=[\s,;:]|$)|(?!etc\.|ibid\.)\p{Ll}{3,}[.!?](?=\s|$))/u

/** Whether most of the characters of a block's `end` line (first or last) are bold. */
function boldAt(block: Block, end: 'first' | 'last'): boolean {
  const lines = block.lines.filter(isHorizontal)
  const line = end === 'first' ? lines[0] : lines.at(-1)
  const chars = (bold: boolean) =>
    (line?.spans ?? []).filter((s) => s.bold === bold).reduce((n, s) => n + s.text.length, 0)
  return chars(true) > chars(false)
}

/**
 * Body blocks of prose that start in the middle of a sentence ("farmer repaired the busy
 * orchard") read straight after a body block in the same type that ended its sentence
 * ("…sells out of rye bread before nine most mornings."): the sentence began elsewhere, in
 * another column or a block read before its time, so the text goes "mornings. farmer repaired",
 * as it does where a booklet's columns are read a band at a time across the page. A page's first
 * block may start mid-sentence (it goes on from the page before), and a block under the one before
 * in its column is left alone (a formula's line ending in a stop, then "also gilt"; code under
 * its sentence; a caption's tail under its head). The block read just before
 * must be body text in the same type, size and weight, as well: a sentence that goes on after
 * a caption, a footnote or a table read in its place (the cut-sentence test looks at those), after
 * a reference list's entry set apart as a note, or after a caption in a bolder face is not
 * counted, nor is code opening on a keyword in bold ("void prime the change buffer").
 */
export function brokenFlows({ layout, order, roles }: CheckInput): BrokenFlow[] {
  const found: BrokenFlow[] = []
  let previous: Previous | undefined
  for (const id of order) {
    const role = roles[id] ?? 'body'
    if (EXCLUDED_ROLES.has(role)) continue
    const block = layout.blocks[id]
    if (!block) continue
    const lines = blockLines(block)
    if (lines.length === 0) continue
    if (
      previous &&
      role === 'body' &&
      isHeading(previous) &&
      afterHeading(block, lines, previous)
    ) {
      found.push({ before: previous.lines.at(-1)!, after: lines[0]!, bbox: block.bbox })
    } else if (
      previous &&
      role === 'body' &&
      previous.role === 'body' &&
      isProse(lines.join(' ')) &&
      MID_SENTENCE.test(lines[0]!) &&
      SENTENCE_END.test(previous.lines.at(-1)!) &&
      boldAt(block, 'first') === boldAt(previous.block, 'last') &&
      isProse(previous.lines.join(' ')) &&
      apartInX(block.bbox, previous.block.bbox) &&
      !otherSizes(typeSize(block), typeSize(previous.block))
    ) {
      found.push({ before: previous.lines.at(-1)!, after: lines[0]!, bbox: block.bbox })
    }
    previous = { block, lines, role }
  }
  return found
}

/**
 * A heading ending in a stop ("Old village lighthouse."): its role, or a body block of a few
 * words set wholly in bold (a heading on lines of its own). Not one without a stop, which may go
 * on in the next block as a sentence in bold does ("…during pregnancy is" / "recommended."), nor
 * a run-in heading with the word its paragraph opens with ("Northern harbour library. A").
 */
function isHeading({ block, lines, role }: Previous): boolean {
  const last = lines.at(-1) ?? ''
  if (!SENTENCE_END.test(last) || RUN_IN_OPENING.test(last)) return false
  const words = lines.join(' ').split(/\s+/u).filter(Boolean).length
  return (
    role === 'heading' ||
    (role === 'body' && words <= HEADING_WORDS && block.lines.every(isBoldLine))
  )
}

/** Words a heading on lines of its own holds at most: more in bold are a paragraph or a caption. */
const HEADING_WORDS = 12

/** A heading's stop and the first word of its paragraph after it. */
const RUN_IN_OPENING = /[.:!?]\s+\S+$/u

/**
 * A block of prose that opens mid-sentence in plain type (not the rest of a heading broken over
 * two lines), read right after a heading in another column: a heading's text opens a sentence,
 * so the block belongs elsewhere (a column read between a heading at the foot of one column and
 * its text under it).
 */
function afterHeading(block: Block, lines: readonly string[], heading: Previous): boolean {
  return (
    isProse(lines.join(' ')) &&
    MID_SENTENCE.test(lines[0]!) &&
    !boldAt(block, 'first') &&
    apartInX(block.bbox, heading.block.bbox)
  )
}
