import { EXCLUDED_ROLES, boundsOf, isHorizontal, type BBox, type Line } from '../shared/layout.js'
import type { CheckInput } from './check.js'
import { PROSE_LINE, isProse } from './read-lines.js'

/**
 * Columns set so close that MuPDF takes the gutter for a word space leave no column apart to
 * see: each line runs on from one column into the next ("…late on Friday found The railway
 * reached the…"), and the text is interleaved inside its lines. What gives them away is the
 * gutter itself: on line after line a word starts at the same x, the next column's edge, after a
 * word ending at the same x, the column's justified edge, with prose on both sides. Words of a
 * single column start at one x on a few lines by chance, seldom to a third of a point.
 */

/**
 * How far the starts of one column's lines may stray, in points: a layout program sets them at
 * one x to a hundredth; word starts inside justified lines fall within 0.75 pt of each other by
 * chance (tracemonkey p4: 5 of 10 lines), within a third of a point hardly ever.
 */
const EDGE = 0.3
/** How far the ends of a justified column's lines may stray: punctuation may hang out. */
const END_EDGE = 1
/** Lines with the same inner edge before it is a column's, not chance. */
const MIN_LINES = 5
/**
 * Share of the block's lines with a line's worth of text on both sides of a word start that the
 * inner edge must run through: a line of one column alone (the next one blank there) has no say.
 */
const MIN_SHARE = 0.5
/** A gap between two characters this share of the type size or wider is a word space. */
const WORD_GAP = 0.15

export type GutterRun = Readonly<{
  block: number
  /** Where the next column's lines start, in points from the page's left. */
  x: number
  lines: number
  /** The first such line, split at the gutter. */
  left: string
  right: string
  bbox: BBox
}>

/** A word start inside a line: its x, where the word before it ends, and the text either side. */
type Start = Readonly<{ x: number; end: number; left: string; right: string }>

/**
 * Whether there is prose on both sides of a start: asked only of the starts enough lines share,
 * since a line has a dozen starts and the question reads the whole line each time.
 */
const proseBothSides = (start: Start): boolean => isProse(start.left) && isProse(start.right)

/** The word starts inside a line with a line's worth of text on both sides. */
function innerStarts(line: Line): Start[] {
  if (line.spans.reduce((n, s) => n + s.text.length, 0) <= 2 * PROSE_LINE) return []
  const chars: { ch: string; x0: number; x1: number; size: number }[] = []
  for (const span of line.spans) {
    ;[...span.text].forEach((ch, i) => {
      const x0 = span.charX[2 * i]
      const x1 = span.charX[2 * i + 1]
      if (x0 !== undefined && x1 !== undefined) chars.push({ ch, x0, x1, size: span.size })
    })
  }
  chars.sort((a, b) => a.x0 - b.x0)
  const all = chars.map((c) => c.ch).join('')
  const offsets: number[] = []
  let offset = 0
  for (const c of chars) {
    offsets.push(offset)
    offset += c.ch.length
  }
  const starts: Start[] = []
  let last = -1
  chars.forEach((c, i) => {
    if (/\s/u.test(c.ch)) return
    const prev = chars[last]
    last = i
    if (!prev || c.x0 - prev.x1 < WORD_GAP * c.size) return
    const left = all.slice(0, offsets[i]).trim()
    const right = all.slice(offsets[i]).trim()
    if (left.length < PROSE_LINE || right.length < PROSE_LINE) return
    starts.push({ x: c.x0, end: prev.x1, left, right })
  })
  return starts
}

/**
 * The page's body blocks whose lines run across a gutter: most of their long lines, five at least,
 * with prose on both sides of an inner edge where words start at one x. A table's rows cross
 * its columns on purpose and are left out.
 */
export function linesAcrossGutter({ layout, order, roles }: CheckInput): GutterRun[] {
  const found: GutterRun[] = []
  for (const id of order) {
    const role = roles[id] ?? 'body'
    if (EXCLUDED_ROLES.has(role) || role === 'table') continue
    const block = layout.blocks[id]
    if (!block) continue
    const lines = block.lines.filter(isHorizontal)
    if (lines.length < MIN_LINES) continue
    const starts = lines.map(innerStarts)
    const voters = starts.filter((s) => s.length > 0).length
    // Starts bucketed by x, so that only an x enough lines share is looked at closely.
    const byX = new Map<number, Set<number>>()
    starts.forEach((own, i) => {
      for (const start of own) {
        const key = Math.round(start.x / EDGE)
        byX.set(key, (byX.get(key) ?? new Set()).add(i))
      }
    })
    const shared = (key: number) =>
      new Set([key - 1, key, key + 1].flatMap((k) => [...(byX.get(k) ?? [])])).size
    for (const key of byX.keys()) {
      if (shared(key) < MIN_LINES) continue
      const candidate = starts.flat().find((s) => Math.round(s.x / EDGE) === key)!
      const at = starts.flatMap((own, i) => {
        const start = own.find((s) => Math.abs(s.x - candidate.x) <= EDGE)
        return start && proseBothSides(start) ? [{ line: lines[i]!, start }] : []
      })
      const ends = at.map((a) => a.start.end).sort((a, b) => a - b)
      const edge = ends[Math.floor(ends.length / 2)] ?? 0
      const both = at.filter((a) => Math.abs(a.start.end - edge) <= END_EDGE)
      // Lines that say the same thing over again (a specimen, a repeated greeting) line their
      // words up because they are the same words.
      const said = new Set(both.map((a) => a.start.right)).size
      if (said < MIN_LINES || both.length < MIN_SHARE * voters) continue
      found.push({
        block: id,
        x: Math.round(candidate.x * 10) / 10,
        lines: both.length,
        left: candidate.left,
        right: candidate.right,
        bbox: boundsOf(both.map((a) => a.line.bbox))
      })
      break
    }
  }
  return found
}
