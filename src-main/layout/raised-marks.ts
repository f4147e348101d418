import { isHorizontal, type Line } from '../shared/layout.js'
import { nonSpaceCodePoints, nonSpaceLength } from '../shared/whitespace.js'

/** A piece of a row: a line's box in the block's frame, its text and its index in the block. */
export type RowPiece = {
  x0: number
  y0: number
  x1: number
  y1: number
  text: string
  drawn: number
}

/** A note's mark: a few digits, letters or the signs of notes, set small. */
const MARK = /^[\p{N}\p{Ll}*†‡§¶,]{1,3}$/u
const MARK_CHARS = 3
/** How much smaller than its word a mark is set, and how far its bottom stands above the line's. */
const MARK_HEIGHT = 0.8
const RAISED = 0.15

/**
 * Marks set as lines of their own and drawn inside a longer line ("(DMCA)¹ was signed into law
 * by", the "1" a line after it in the file) put back after the glyph they follow, where the row's
 * order by left edge put them after the whole line ("by1 President"). `lines` are the block's;
 * a piece's `drawn` is its line's index. Pieces of rotated lines, whose glyph edges do not run
 * along x, are left as they are.
 */
export function withRaisedMarks(pieces: readonly RowPiece[], lines: readonly Line[]): RowPiece[] {
  if (pieces.length < 2) return [...pieces]
  const out = pieces.map((p) => ({ ...p }))
  const placed = new Set<RowPiece>()
  for (const mark of out) {
    const text = mark.text.trim()
    if (nonSpaceLength(text) > MARK_CHARS || !MARK.test(text)) continue
    const host = out.find((q) => q !== mark && !placed.has(q) && isInside(mark, q))
    if (!host) continue
    const line = lines[host.drawn]
    if (!line || !isHorizontal(line)) continue
    const at = insertionPoint(host.text, line, mark.x0)
    if (at < 0) continue
    host.text = host.text.slice(0, at) + text + host.text.slice(at)
    placed.add(mark)
  }
  return out.filter((p) => !placed.has(p))
}

/** A small piece raised over a longer one, within its width: a superscript, not a word beside it. */
function isInside(mark: RowPiece, host: RowPiece): boolean {
  const height = host.y1 - host.y0
  return (
    mark.x0 > host.x0 &&
    mark.x1 < host.x1 &&
    mark.y1 - mark.y0 <= height * MARK_HEIGHT &&
    mark.y1 <= host.y1 - height * RAISED &&
    nonSpaceLength(host.text) > MARK_CHARS
  )
}

/**
 * Where in `text` (the line's text with the spaces its reading put in) the glyphs left of `x`
 * end: after as many non-space characters as the line has glyphs whose middle lies left of `x`.
 * -1 where the text and the glyphs do not count alike (accents joined to their letters).
 */
function insertionPoint(text: string, line: Line, x: number): number {
  let glyphs = 0
  let before = 0
  for (const span of line.spans) {
    let i = 0
    for (const ch of span.text) {
      if (ch.trim() !== '') {
        glyphs++
        const left = span.charX[2 * i] ?? 0
        const right = span.charX[2 * i + 1] ?? 0
        if ((left + right) / 2 < x) before++
      }
      i++
    }
  }
  if (glyphs !== nonSpaceCodePoints(text) || before === 0 || before === glyphs) return -1
  let seen = 0
  let at = 0
  for (const ch of text) {
    at += ch.length
    if (ch.trim() !== '' && ++seen === before) return at
  }
  return -1
}
