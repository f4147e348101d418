import { blockMiddleSize, drawnText, type Block, type PageLayout } from '../shared/layout.js'
import { memoize } from '../shared/memo.js'
import { dominantFrame, pageBox, toFrame } from './frame.js'
import { bodySize, medianSize } from './body-size.js'

/** Footnote marks a note starts with: a number, a symbol, or a superscript digit. */
const NOTE_START = /^\s*([0-9]{1,3}|[*∗†‡§¶]|[\u00b9\u00b2\u00b3\u2070-\u2079]+)\s*\S/u

/** A piece of text as a note's mark is told by: its size and where its box ends below. */
export type MarkPart = Readonly<{ text: string; size: number; bottom: number }>

/**
 * A note's mark set small and raised before the first word of its note ("¹Pub. L. No.",
 * "¹Diese Metrik"): at most 80% of the word's size (marks are set at 55–67% of it in the corpus),
 * its box ending a fifth of the word's size above the word's. It reads apart from that word, as
 * a search for "Pub." or "Diese" expects. A fraction's small denominator before a variable
 * ("½t") sits low, and stays joined.
 */
export function isMarkBefore(mark: MarkPart, word: MarkPart): boolean {
  return (
    /^(\d{1,3}|[*∗†‡§¶])$/u.test(mark.text) &&
    mark.size <= word.size * 0.8 &&
    mark.bottom < word.bottom - word.size * 0.2 &&
    /^\p{L}/u.test(word.text)
  )
}

function size(block: Block): number {
  return blockMiddleSize(block) ?? 0
}

type NoteZone = Readonly<{
  /** Blocks set like notes: in the lower 60% of the page, at most 85% of the body size. */
  sized: ReadonlySet<number>
  /** Of those, the ones that start with a note mark. */
  notes: ReadonlySet<number>
  /** The body size of the whole page (a note zone's is read from the upper part only). */
  pageBody: number
}>

/**
 * Footnotes: blocks in the lower 60% of the page, set at most 85% of the body size, that start
 * with a note mark. They are read after the page's body, so a note at the foot of the first
 * column does not cut a sentence that runs on into the second. Computed once per layout: the
 * order and the roles both ask.
 */
export function footnoteIds(layout: PageLayout): ReadonlySet<number> {
  return noteZone(layout).notes
}

/**
 * A block set like a note that starts in lower case: the rest of a note that ran on from the foot
 * of the column before ("12 The magnitude … varies according to parameters such as the
 * airplane’s" / "altitude and airspeed, …").
 */
export function continuesNote(layout: PageLayout, id: number): boolean {
  const block = layout.blocks[id]
  return !!block && noteZone(layout).sized.has(id) && /^\s*\p{Ll}/u.test(drawnText(block))
}

/**
 * A block set like a note, in the note zone, at least a note's length and under 85% of the
 * page's body size and of the block `beside` it in the reading order: what a note is told by
 * when it carries no mark. The page's own body size, as the upper part of a paper's first page
 * is mostly its title and authors: tracemonkey's prose would count as small there.
 */
export function isSetSmall(layout: PageLayout, id: number, beside: number): boolean {
  const block = layout.blocks[id]
  const other = layout.blocks[beside]
  const zone = noteZone(layout)
  if (!block || !other || !zone.sized.has(id) || !isNoteLength(drawnText(block))) return false
  return size(block) <= Math.min(size(other), zone.pageBody) * 0.85
}

/** A note runs to 20 characters and more: a formula's small pieces and a figure's labels do not. */
function isNoteLength(text: string): boolean {
  return text.replace(/\s/g, '').length >= 20
}

const noteZone = memoize(findNotes)

function findNotes(layout: PageLayout): NoteZone {
  const frame = dominantFrame(layout)
  const page = pageBox(frame, layout)
  const height = page[3] - page[1]
  // The body size from the upper part of the page: notes can hold half of a page's characters.
  const upper = layout.blocks.filter((b) => (toFrame(frame, b.bbox)[1] - page[1]) / height < 0.4)
  const body = medianSize(upper.length > 0 ? upper : layout.blocks)
  const sized = new Set<number>()
  const notes = new Set<number>()
  for (const block of layout.blocks) {
    const box = toFrame(frame, block.bbox)
    if ((box[1] - page[1]) / height < 0.4 || size(block) > body * 0.85) continue
    sized.add(block.id)
    const text = drawnText(block)
    if (isNoteLength(text) && NOTE_START.test(text)) notes.add(block.id)
  }
  return { sized, notes, pageBody: bodySize(layout) }
}
