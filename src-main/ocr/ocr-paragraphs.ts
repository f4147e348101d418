import { isHorizontal, type Line } from '../shared/layout.js'
import { isRtlText } from '../layout/rtl.js'
import { nthSmallest } from '../shared/sorted.js'

/**
 * A line in a larger type than the one after it by this much, and ending short of the
 * paragraph's right edge, ends a block: a heading over its text (13 pt over 11 pt is 1.18). A
 * poor scan's body lines can read 15% apart, but they run the full measure; and only that way
 * round: a short line read larger than the line before it (one word of x-height letters) is no
 * heading.
 */
const SIZE_CHANGE = 1.15
/** A gap down to the next line this many times the paragraph's usual one: a blank line. */
const GAP_CHANGE = 1.6
/** A line set this many ems right of the paragraph's left edge, after one that stood at it. */
const INDENT = 0.7
/** A line this many ems in from both edges of its paragraph is centred: a heading or a title. */
const CENTRED = 2

/**
 * Tesseract's paragraphs cut again where the page shows a new one: a heading set close over its
 * text and read into its first paragraph ("Maintenance Notice The north entrance…": centred, or
 * in a larger type), a line
 * indented after lines standing at the margin (a Japanese paragraph opens with a full-width
 * space, and Tesseract ran two into one), a blank line between two. Only lines running left to
 * right across the page are judged; others stay as Tesseract grouped them.
 */
export function splitParagraph(lines: readonly Line[]): Line[][] {
  if (lines.length < 2 || !lines.every(isHorizontal)) return [[...lines]]
  const rtl = lines.some((line) => isRtlText(line.spans.map((span) => span.text).join('')))
  const margin = nthSmallest(
    lines.map((line) => line.bbox[0]),
    lines.length >> 1
  )!
  const edge = nthSmallest(
    lines.map((line) => line.bbox[2]),
    lines.length >> 1
  )!
  const centred = (line: Line): boolean =>
    line.bbox[0] - margin >= CENTRED * size(line) && edge - line.bbox[2] >= CENTRED * size(line)
  const gaps = lines.slice(1).map((line, i) => line.bbox[1] - lines[i]!.bbox[1])
  const usualGap = nthSmallest(gaps, gaps.length >> 1)!
  const parts: Line[][] = [[lines[0]!]]
  for (let i = 1; i < lines.length; i++) {
    const before = lines[i - 1]!
    const line = lines[i]!
    const em = Math.max(size(line), size(before))
    const indented =
      !rtl && line.bbox[0] - margin >= INDENT * em && before.bbox[0] - margin < INDENT * em
    const resized =
      size(before) / size(line) >= SIZE_CHANGE && edge - before.bbox[2] >= CENTRED * size(line)
    const gap = line.bbox[1] - before.bbox[1]
    const parted = gaps.length >= 2 && gap > GAP_CHANGE * usualGap
    const aligned = centred(line) === centred(before)
    if (indented || resized || parted || !aligned) parts.push([line])
    else parts.at(-1)!.push(line)
  }
  return parts
}

/** The line's type size (every span of an OCR line has the line's, glyph-size.ts). */
function size(line: Line): number {
  return Math.max(1, line.spans[0]?.size ?? line.bbox[3] - line.bbox[1])
}
