import { drawnText, isBoldLine, type Line } from '../shared/layout.js'
import type { CheckInput } from './check.js'
import { sameRow } from './read-lines.js'

/** A block of this many characters or more, holding paragraphs its print sets apart. */
const LONG_BLOCK = 1500
/**
 * A numbered or bulleted entry's start ("8. Prakash S", "[21] Available", "• Name"): a list's
 * entries, which the text sets on lines of their own (layout/entries.ts), are no paragraphs
 * run together, and a block where entries start as often as sentences end is a list.
 */
const ENTRY = /^(\d+[.)]|\[\d+\]|[•·▪–-]\s)/u
/** Paragraph ends inside one block (a short line, then a capital) that say paragraphs ran together. */
const MIN_INNER_ENDS = 2

/**
 * Whether `line` opens with a bold run-in heading ("NEW FERRY. The keepers measured"): the
 * paragraph it starts keeps its heading in the text, which marks the start there as a line of
 * its own would, so a block set solid with such headings loses no paragraph a reader looks for.
 */
function opensWithRunIn(line: Line): boolean {
  const spans = line.spans.filter((s) => s.text.trim() !== '')
  const [head] = spans
  return (
    head !== undefined &&
    head.bold &&
    /[.:]$/u.test(head.text.trim()) &&
    spans.slice(1).some((s) => !s.bold)
  )
}

/**
 * Body blocks of LONG_BLOCK characters or more holding MIN_INNER_ENDS paragraph ends or more,
 * each a short line ending a sentence before a capital: paragraphs the print sets apart, run
 * together into one block (order_suspect's "runs N paragraphs together").
 */
export function runTogether({
  layout,
  order,
  roles
}: CheckInput): { id: number; chars: number; ends: number }[] {
  const found: { id: number; chars: number; ends: number }[] = []
  for (const id of order) {
    if ((roles[id] ?? 'body') !== 'body') continue
    const block = layout.blocks[id]
    if (!block) continue
    const chars = drawnText(block).length
    if (chars < LONG_BLOCK) continue
    const width = block.bbox[2] - block.bbox[0]
    let ends = 0
    let entries = 0
    block.lines.forEach((line, i) => {
      const next = block.lines[i + 1]
      if (!next) return
      // A paragraph's last line stops short of the block's right edge; the pieces of a justified
      // row that MuPDF set apart at its wide gaps ("day. | Growers | keep", "their | shifts.") are
      // one line, which goes on on its row or reaches the edge however narrow its last piece is.
      if (sameRow(line.bbox, next.bbox)) return
      const short = line.bbox[2] < block.bbox[0] + 0.7 * width
      const text = line.spans
        .map((s) => s.text)
        .join('')
        .trim()
      const nextText = next.spans
        .map((s) => s.text)
        .join('')
        .trim()
      if (short && /[.:!?]$/u.test(text) && /^\p{Lu}/u.test(nextText)) {
        if (!opensWithRunIn(next) && !isBoldLine(next) && !isBoldLine(line)) ends++
      } else if (short && ENTRY.test(nextText)) entries++
    })
    if (ends >= MIN_INNER_ENDS && entries < ends) found.push({ id, chars, ends })
  }
  return found
}
