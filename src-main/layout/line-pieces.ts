/**
 * Where each line of a block stands in the block's text. A block's text is one paragraph made
 * from its lines (block-text.ts): joined by spaces, by nothing between CJK characters, and with
 * words broken at a hyphen mended. Editing the page line by line needs the part of that text
 * each line gave, so that changing one line changes only its part and the others stay as the
 * engine made them.
 */

/** A line's part of its block's text: `text.slice(start, end)`, in UTF-16 units. */
export type LinePiece = Readonly<{ start: number; end: number }>

/** What joining lines may add or drop between them: spaces, line breaks, hyphens. */
const JOINING = /[\s\u00ad\-\u2010]/u

/**
 * The part of `blockText` each of `lineTexts` (each line made into text alone, in the block's
 * order) gave, found by walking both texts letter by letter: a letter of a line is the next
 * letter of the block, with only joining characters between. Null where the block's text is not
 * its lines in order (rows of a table, right-to-left lines, a drop cap): such a block is edited
 * whole. A line with no letters gets an empty piece where it stands.
 */
export function linePieces(blockText: string, lineTexts: readonly string[]): LinePiece[] | null {
  const pieces: LinePiece[] = []
  let at = 0
  for (const line of lineTexts) {
    let start = -1
    let end = at
    for (const ch of line) {
      if (JOINING.test(ch)) continue
      const found = nextLetter(blockText, end, ch)
      if (found < 0) return null
      if (start < 0) start = found
      end = found + ch.length
    }
    pieces.push({ start: start < 0 ? end : start, end })
    at = end
  }
  // Nothing but joining characters may be left over: the block's text is all its lines'.
  return JOINING_ONLY.test(blockText.slice(at)) ? pieces : null
}

const JOINING_ONLY = /^[\s\u00ad\-\u2010]*$/u

/** Where `ch` stands in `text` at `from` or after only joining characters; -1 if it doesn't. */
function nextLetter(text: string, from: number, ch: string): number {
  let i = from
  while (i < text.length) {
    if (text.startsWith(ch, i)) return i
    const here = String.fromCodePoint(text.codePointAt(i)!)
    if (!JOINING.test(here)) return -1
    i += here.length
  }
  return -1
}
