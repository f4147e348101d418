import type { Line } from './layout.js'
import { memoize } from './memo.js'
import { PROSE_LINE, isProse } from './prose.js'
import { isSpaceUnit } from './whitespace.js'

/**
 * Columns set so close that MuPDF takes the gutter for a word space leave no column apart to
 * see: each line runs on from one column into the next ("…late on Friday found The railway
 * reached the…"), and the text is interleaved inside its lines. What gives them away is the
 * gutter itself: on line after line a word starts at the same x, the next column's edge, after a
 * word ending at the same x, the column's justified edge, with prose on both sides. Words of a
 * single column start at one x on a few lines by chance, seldom to a third of a point.
 * Extraction cuts such lines at the gutter (extract/gutter-cuts.ts); the check raises
 * `order_suspect` where lines still run across one (checks/gutter-lines.ts).
 */

/**
 * How far the starts of one column's lines may stray, in points: a layout program sets them at
 * one x to a hundredth; word starts inside justified lines fall within 0.75 pt of each other by
 * chance (tracemonkey p4: 5 of 10 lines), within a third of a point hardly ever.
 */
export const EDGE = 0.3
/** How far the ends of a justified column's lines may stray: punctuation may hang out. */
export const END_EDGE = 1
/** Lines with the same inner edge before it is a column's, not chance. */
const MIN_LINES = 5
/**
 * Share of the lines across an inner edge, with a line's worth of text on both sides of a word
 * start, that the edge must run through: a line of one column alone has no say.
 */
const MIN_SHARE = 0.5
/** A gap between two characters this share of the type size or wider is a word space. */
const WORD_GAP = 0.15
/**
 * In a monospaced face every word starts on the grid of its one advance, so words of one column
 * start at one x on line after line, each after a word ending at one x: a word space there is a
 * whole advance (0.6 of the size in Courier), and a gutter is at least half as wide again.
 */
const MONO_GUTTER = 0.9

/** A word start inside a line: its x, where the word before it ends, and the text either side. */
export type WordStart = Readonly<{ x: number; end: number; left: string; right: string }>

/** An edge inside a block's lines where the next column starts, and the lines that cross it. */
export type GutterEdge = Readonly<{
  /** Where the next column's lines start, in points from the page's left. */
  x: number
  /** Where the column before it ends: the middle of its lines' ends. */
  end: number
  /** The start the edge was first seen at, in the first line that reaches it. */
  first: WordStart
  /** The lines that run across, each with its start at the edge. */
  crossing: ReadonlyArray<Readonly<{ line: Line; start: WordStart }>>
}>

/**
 * Whether there is prose on both sides of a start: asked only of the starts enough lines share,
 * since a line has a dozen starts and the question reads the whole line each time.
 */
const proseBothSides = (start: WordStart): boolean => isProse(start.left) && isProse(start.right)

/** A line's characters left to right, each with its edges and type size. */
export function lineChars(line: Line): { ch: string; x0: number; x1: number; size: number }[] {
  const chars: { ch: string; x0: number; x1: number; size: number }[] = []
  for (const span of line.spans) {
    ;[...span.text].forEach((ch, i) => {
      const x0 = span.charX[2 * i]
      const x1 = span.charX[2 * i + 1]
      if (x0 !== undefined && x1 !== undefined) chars.push({ ch, x0, x1, size: span.size })
    })
  }
  return chars.sort((a, b) => a.x0 - b.x0)
}

/**
 * The word starts inside a line with a line's worth of text on both sides. Remembered per line:
 * extraction asks it of the page's lines and of each block's, the check of the same lines again.
 */
export const innerStarts = memoize(startsOf)

/**
 * A line's characters left to right as parallel lists, no string or object per character: the
 * line's text as it reads in that order, where each character starts in it (and, last, the
 * text's length), and each character's edges and type size.
 */
type Glyphs = { text: string; at: number[]; x0: number[]; x1: number[]; size: number[] }

function glyphsOf(line: Line): Glyphs {
  const g: Glyphs = { text: '', at: [], x0: [], x1: [], size: [] }
  let sorted = true
  for (const span of line.spans) {
    const s = span.text
    // A character without edges is left out of the text: the run of kept characters before it
    // is copied in one piece.
    let from = 0
    for (let u = 0, i = 0; u < s.length; i++) {
      const unit = s.charCodeAt(u)
      const pair =
        unit >= 0xd800 && unit <= 0xdbff && u + 1 < s.length && isLowSurrogate(s.charCodeAt(u + 1))
      const next = pair ? u + 2 : u + 1
      const x0 = span.charX[2 * i]
      const x1 = span.charX[2 * i + 1]
      if (x0 === undefined || x1 === undefined) {
        g.text += s.slice(from, u)
        from = next
      } else {
        if (sorted && g.x0.length > 0 && x0 < g.x0[g.x0.length - 1]!) sorted = false
        g.at.push(g.text.length + u - from)
        g.x0.push(x0)
        g.x1.push(x1)
        g.size.push(span.size)
      }
      u = next
    }
    g.text += s.slice(from)
  }
  g.at.push(g.text.length)
  if (sorted) return g
  const chars = lineChars(line)
  const at: number[] = []
  let length = 0
  for (const c of chars) {
    at.push(length)
    length += c.ch.length
  }
  at.push(length)
  return {
    text: chars.map((c) => c.ch).join(''),
    at,
    x0: chars.map((c) => c.x0),
    x1: chars.map((c) => c.x1),
    size: chars.map((c) => c.size)
  }
}

const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff

function startsOf(line: Line): WordStart[] {
  if (line.spans.reduce((n, s) => n + s.text.length, 0) <= 2 * PROSE_LINE) return []
  const { text: all, at, x0, x1, size } = glyphsOf(line)
  const gap = line.spans.every((s) => s.mono) ? MONO_GUTTER : WORD_GAP
  // A character is white space by its first unit, as `/\s/u` tells of one code point.
  const blank = (i: number) => isSpaceUnit(all.charCodeAt(at[i]!))
  let firstInk = -1
  let lastInk = -1
  for (let i = 0; i < x0.length; i++) {
    if (blank(i)) continue
    if (firstInk < 0) firstInk = i
    lastInk = i
  }
  if (firstInk < 0) return []
  const inkEnd = at[lastInk + 1]!
  // The text either side is read only of the few starts an edge is looked for at: a line has a
  // dozen starts, and slicing the line at each was most of what reading them cost.
  const starts: WordStart[] = []
  let last = -1
  for (let i = 0; i < x0.length; i++) {
    if (blank(i)) continue
    const before = last
    last = i
    if (before < 0 || x0[i]! - x1[before]! < gap * size[i]!) continue
    const start = at[i]!
    const leftLength = at[before + 1]! - at[firstInk]!
    if (leftLength < PROSE_LINE || inkEnd - start < PROSE_LINE) continue
    starts.push({
      x: x0[i]!,
      end: x1[before]!,
      get left() {
        return all.slice(0, start).trim()
      },
      get right() {
        return all.slice(start).trim()
      }
    })
  }
  return starts
}

/**
 * The inner edges lines run across, in the order their lines first reach them: most of the long
 * lines across each, five at least, with prose on both sides of a word start at one x after a
 * word ending at one x. Lines that say the same thing over again (a specimen, a repeated
 * greeting) line their words up because they are the same words, and do not count twice.
 */
export function gutterEdges(lines: readonly Line[]): GutterEdge[] {
  if (lines.length < MIN_LINES) return []
  const starts = lines.map(innerStarts)
  // Starts bucketed by x, so that only an x enough lines share is looked at closely: each
  // bucket lists its lines once, in order.
  const byX = new Map<number, number[]>()
  starts.forEach((own, i) => {
    for (const start of own) {
      const key = Math.round(start.x / EDGE)
      const bucket = byX.get(key)
      if (bucket === undefined) byX.set(key, [i])
      else if (bucket[bucket.length - 1] !== i) bucket.push(i)
    }
  })
  const NONE: readonly number[] = []
  const shared = (key: number) =>
    enoughLines(byX.get(key - 1) ?? NONE, byX.get(key)!, byX.get(key + 1) ?? NONE)
  const found: GutterEdge[] = []
  for (const key of byX.keys()) {
    if (!shared(key)) continue
    const firstLine = starts[byX.get(key)![0]!]!
    const candidate = firstLine.find((s) => Math.round(s.x / EDGE) === key)!
    if (found.some((edge) => Math.abs(edge.x - candidate.x) <= 2 * EDGE)) continue
    const near = starts.flatMap((own, i) => {
      const start = own.find((s) => Math.abs(s.x - candidate.x) <= EDGE)
      return start ? [{ line: lines[i]!, start }] : []
    })
    // Prose is asked only where enough lines start at the edge: reading a start's sides is
    // most of what an edge costs to weigh.
    if (near.length < MIN_LINES) continue
    const at = near.filter((a) => proseBothSides(a.start))
    const ends = at.map((a) => a.start.end).sort((a, b) => a - b)
    const end = ends[Math.floor(ends.length / 2)] ?? 0
    const crossing = at.filter((a) => Math.abs(a.start.end - end) <= END_EDGE)
    const said = new Set(crossing.map((a) => a.start.right)).size
    // Only lines that run across the edge have a say: a column's own lines beside it do not.
    const voters = lines.filter(
      (line, i) =>
        starts[i]!.length > 0 && line.bbox[0] < candidate.x - EDGE && line.bbox[2] > candidate.x
    ).length
    if (said < MIN_LINES || crossing.length < MIN_SHARE * voters) continue
    found.push({ x: candidate.x, end, first: candidate, crossing })
  }
  return found
}

/**
 * Whether three buckets list MIN_LINES lines between them, each listing its own in ascending
 * order: counted by walking the three at once, a line two of them list counting once.
 */
function enoughLines(a: readonly number[], b: readonly number[], c: readonly number[]): boolean {
  if (a.length + b.length + c.length < MIN_LINES) return false
  let n = 0
  let i = 0
  let j = 0
  let k = 0
  while (n < MIN_LINES) {
    const next = Math.min(a[i] ?? Infinity, b[j] ?? Infinity, c[k] ?? Infinity)
    if (next === Infinity) return false
    n++
    if (a[i] === next) i++
    if (b[j] === next) j++
    if (c[k] === next) k++
  }
  return true
}
