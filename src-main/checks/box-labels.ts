import { bodySize } from '../layout/body-size.js'
import { boundsOf, isBoldLine, type BBox } from '../shared/layout.js'
import { otherSizes, typeSize } from './block-type.js'
import type { CheckInput } from './check.js'
import { oneColumn, readBlocks, type ReadBlock as Read } from './read-lines.js'

export type MisreadBox = Readonly<{
  /** The label's block as read: the label alone ("CAUTION") or with its words under it. */
  label: string
  /** What the reader meets: the box's words read elsewhere, or the box inside a sentence. */
  fault: 'words apart' | 'inside a sentence'
  /** The box's words under its label, or the text read before and after the box. */
  words: readonly string[]
  bbox: BBox
}>

/** A side box's label: one word in capitals, maybe under its "!" ("CAUTION", "! NOTE"). */
const LABEL = /^(?:!\s*)?\p{Lu}{3,}$/u
/** A line with no letter: a box's icon ("!") that MuPDF gave to the text beside it. */
const NO_LETTER = /^[^\p{L}]*$/u
/** A sentence's end, maybe inside quotes or brackets. */
const STOP = /[.!?:]["'’”)\]]*$/u
/** How far under a line the next line of its box may start, in the label's line heights. */
const NEXT_LINE = 1.5

/** The lines of `block` that carry letters: its text without a stray icon. */
function worded(lines: readonly string[]): string[] {
  return lines.filter((l) => !NO_LETTER.test(l))
}

/** Whether `block` opens with a box's label set smaller than the page's text. */
function labelled(read: Read, body: number): boolean {
  const [first] = worded(read.lines)
  const size = typeSize(read.block)
  return first !== undefined && LABEL.test(first) && size < body && otherSizes(size, body)
}

/**
 * The blocks standing under a label that holds nothing else, one under the other, each in the
 * label's type or smaller and starting at its left edge: the words of its box that MuPDF gave
 * blocks of their own ("CAUTION" / "Read the" / "chapel").
 */
function wordsUnder(label: Read, all: readonly Read[], body: number): Read[] {
  const height = label.block.bbox[3] - label.block.bbox[1]
  const size = typeSize(label.block)
  const found: Read[] = []
  let last = label.block.bbox
  for (;;) {
    const under = all.find(
      (r) =>
        r !== label &&
        !found.includes(r) &&
        worded(r.lines).length > 0 &&
        typeSize(r.block) <= size &&
        otherSizes(typeSize(r.block), body) &&
        r.block.bbox[1] >= last[3] - 1 &&
        r.block.bbox[1] <= last[3] + NEXT_LINE * height &&
        Math.abs(r.block.bbox[0] - label.block.bbox[0]) <= height
    )
    if (!under) return found
    found.push(under)
    last = under.block.bbox
  }
}

/** A heading in bold set in the text's size, on lines of its own. */
function heading(read: Read, body: number): boolean {
  const lines = read.block.lines.filter((l) => l.spans.some((s) => /\p{L}/u.test(s.text)))
  return lines.length > 0 && !otherSizes(typeSize(read.block), body) && lines.every(isBoldLine)
}

/** Running text in the page's own size whose first line goes on a sentence (a word in lower case). */
function goesOn(read: Read, body: number): boolean {
  const [first] = worded(read.lines)
  return first !== undefined && /^\p{Ll}/u.test(first) && !otherSizes(typeSize(read.block), body)
}

/** Text in the page's own size whose last line stops short of a sentence's end. */
function leftOpen(read: Read, body: number): boolean {
  const last = worded(read.lines).at(-1)
  return last !== undefined && !STOP.test(last) && !otherSizes(typeSize(read.block), body)
}

/** Text in the page's own size that opens with words not in bold: a heading's paragraph. */
function plainText(read: Read, body: number): boolean {
  const line = read.block.lines.find((l) => l.spans.some((s) => /\p{L}/u.test(s.text)))
  const span = line?.spans.find((s) => /\p{L}/u.test(s.text))
  return span !== undefined && !span.bold && !otherSizes(typeSize(read.block), body)
}

/**
 * Side boxes the text does not read as a reader does: a label in capitals, set smaller than the
 * page's text ("CAUTION", "! NOTE"), read apart from the words of its box that stand under it
 * (the box test a reviewer makes: "CAUTION Read the chapel" is nowhere in the text), or a box
 * read inside the text it stands beside, between a line left mid-sentence and the line that goes
 * on with it in the same column ("…the queue" / "NOTE See the" / "reaches the end…"), or between a heading and its
 * paragraph ("BUSY BAKERY COUNCIL." / "IMPORTANT" / "Apple trees…"). Read right, a box comes
 * whole, its label first, beside or after the paragraph, never inside it.
 */
export function misreadBoxes(input: CheckInput): MisreadBox[] {
  const body = bodySize(input.layout)
  const read = readBlocks(input)
  const found: MisreadBox[] = []
  read.forEach((label, i) => {
    if (!labelled(label, body)) return
    const own = worded(label.lines)
    const under = own.length === 1 ? wordsUnder(label, read, body) : []
    const box = [label, ...under]
    const inTurn = under.every((w, k) => read[i + 1 + k] === w)
    if (!inTurn) {
      found.push({
        label: label.lines.join(' '),
        fault: 'words apart',
        words: under.flatMap((w) => worded(w.lines)),
        bbox: boundsOf(box.map((r) => r.block.bbox))
      })
      return
    }
    const before = read[i - 1]
    const after = read[i + 1 + under.length]
    // A box read at its column's foot, where the column's last sentence goes on at the next
    // column's top, is where a reader meets it too: after the text beside it in its column.
    if (!before || !after || !oneColumn(before.block.bbox, after.block.bbox)) return
    const cut =
      (leftOpen(before, body) && goesOn(after, body)) ||
      (heading(before, body) && plainText(after, body))
    if (!cut) return
    found.push({
      label: label.lines.join(' '),
      fault: 'inside a sentence',
      words: [worded(before.lines).at(-1)!, worded(after.lines)[0]!],
      bbox: boundsOf(box.map((r) => r.block.bbox))
    })
  })
  return found
}
