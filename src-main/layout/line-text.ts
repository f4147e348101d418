import { FULL_WIDTH_GAP, isCjk } from '../shared/cjk.js'
import { drawnLine, type Line } from '../shared/layout.js'
import { nthSmallest } from '../shared/sorted.js'
import { isMarkBefore } from './footnotes.js'
import { rtlLineText } from './rtl.js'
import { isSpaceUnit } from '../shared/whitespace.js'
import { isWordsLine, runsTogether, trackedWordGap } from './word-gaps.js'

/**
 * A glyph of a line as an object: its left and right edge, its size and where its span's box
 * ends below. Only the rare lines with spacing accents or running right to left are read so.
 */
type Glyph = { ch: string; x0: number; x1: number; size: number; bottom: number }

/**
 * Every glyph is made here, with its properties in one order: the functions that read glyphs then
 * see objects of one shape, which keeps their optimised code from being thrown away and rebuilt.
 */
function glyph(ch: string, x0: number, x1: number, size: number, bottom: number): Glyph {
  return { ch, x0, x1, size, bottom }
}

/**
 * The glyphs of the line being read, a property an array, in buffers kept from line to line:
 * read as an object a glyph, each with its four numbers boxed apart, lines were a quarter of all
 * that a page of text allocated. `lineText` is its only user and never runs inside itself.
 */
class GlyphRun {
  count = 0
  readonly ch: string[] = []
  x0 = new Float64Array(256)
  x1 = new Float64Array(256)
  size = new Float64Array(256)
  bottom = new Float64Array(256)
  ink = new Uint8Array(256)

  /** Room for `count` glyphs, which become the run's (readGlyphs then sets how many it read). */
  reset(count: number): void {
    if (count > this.x0.length) {
      const room = Math.max(count, 2 * this.x0.length)
      this.x0 = new Float64Array(room)
      this.x1 = new Float64Array(room)
      this.size = new Float64Array(room)
      this.bottom = new Float64Array(room)
      this.ink = new Uint8Array(room)
    }
    this.count = count
  }

  set(i: number, ch: string, x0: number, x1: number, size: number, bottom: number): void {
    this.ch[i] = ch
    this.x0[i] = x0
    this.x1[i] = x1
    this.size[i] = size
    this.bottom[i] = bottom
    this.ink[i] = isSpaceUnit(ch.charCodeAt(0)) ? 0 : 1
  }

  /** The glyphs as objects, for the rare lines (accents, right to left) read that way. */
  objects(): Glyph[] {
    const out: Glyph[] = []
    for (let i = 0; i < this.count; i++) {
      out.push(glyph(this.ch[i]!, this.x0[i]!, this.x1[i]!, this.size[i]!, this.bottom[i]!))
    }
    return out
  }

  load(glyphs: readonly Glyph[]): void {
    this.reset(glyphs.length)
    glyphs.forEach((g, i) => this.set(i, g.ch, g.x0, g.x1, g.size, g.bottom))
  }

  /** Whitespace between glyphs i and j whichever way the line runs (RTL files draw either way). */
  gap(i: number, j: number): number {
    return Math.max(this.x0[j]! - this.x1[i]!, this.x0[i]! - this.x1[j]!)
  }

  text(): string {
    let text = ''
    for (let i = 0; i < this.count; i++) text += this.ch[i]!
    return text
  }
}

const run = new GlyphRun()

function readGlyphs(line: Line): GlyphRun {
  // Room for a glyph a code unit, at least one for each code point.
  let units = 0
  for (const span of line.spans) units += span.text.length
  run.reset(units)
  let n = 0
  for (const span of line.spans) {
    const { text, charX, size } = span
    const bottom = span.bbox[3]
    let i = 0
    for (let at = 0; at < text.length; i++) {
      const pair = (text.codePointAt(at) ?? 0) > 0xffff
      const ch = pair ? text.slice(at, at + 2) : text[at]!
      at += pair ? 2 : 1
      run.set(n++, ch, charX[2 * i] ?? 0, charX[2 * i + 1] ?? 0, size, bottom)
    }
  }
  run.count = n
  return run
}

/**
 * A gap wider than this share of the font size is a word break (a normal space is 0.25–0.33 em).
 * Glyph boxes are advance widths, so letters of a word abut within kerning (±0.05 em); a producer
 * that drew words apart without a space left gaps of 0.13 em (PDFBOX-3042), so a gap of
 * `NARROW_GAP` above the line's usual letter gap is also a word break.
 */
const WORD_GAP = 0.22
const NARROW_GAP = 0.1

/**
 * Words split letter by letter ("I n v o i c e"): most tokens are single letters. Their real word
 * breaks are the gaps clearly wider than the typical gap between letters.
 */
function isLetterSpaced(text: string): boolean {
  // The tokens are counted as the text is walked: every line is asked, and split into an array
  // of its words for it.
  let tokens = 0
  let single = 0
  let start = -1
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !isSpaceUnit(text.charCodeAt(i))) {
      if (start < 0) start = i
      continue
    }
    if (start < 0) continue
    tokens++
    // One code point is one or two code units: longer tokens are not spread into characters.
    if (i - start <= 2 && isLetter(text.slice(start, i))) single++
    start = -1
  }
  return tokens >= 4 && single >= tokens * 0.6
}

/** One code point, a letter. */
function isLetter(token: string): boolean {
  return [...token].length === 1 && /\p{L}/u.test(token)
}

/** Spacing accents a TeX-made PDF draws over a letter, and the combining marks they stand for. */
const ACCENTS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '\u00b4': '\u0301',
    '\u02ca': '\u0301',
    '\u02cb': '\u0300',
    '\u00a8': '\u0308',
    '\u02c7': '\u030c',
    '\u02d8': '\u0306',
    '\u02d9': '\u0307',
    '\u02da': '\u030a',
    '\u02dc': '\u0303',
    '\u02c6': '\u0302',
    '\u00af': '\u0304',
    '\u02c9': '\u0304',
    '\u00b8': '\u0327',
    '\u02db': '\u0328',
    '\u02dd': '\u030b'
  })
)

/** Every accent of ACCENTS lies at U+00A8 or above: an ASCII glyph is answered without a lookup. */
function hasAccent(gs: GlyphRun): boolean {
  for (let i = 0; i < gs.count; i++) {
    const ch = gs.ch[i]!
    if (ch.charCodeAt(0) >= 0xa8 && ACCENTS.has(ch)) return true
  }
  return false
}

function overlap(a: Glyph, b: Glyph): number {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)
}

/**
 * An accent drawn as its own glyph over a letter ("J´an" for "Ján") becomes the letter's
 * combining mark, then NFC composes the two: the accent must overlap the letter by half its
 * width, so a real acute sign standing apart stays.
 */
function attachAccents(gs: Glyph[]): Glyph[] {
  const out: Glyph[] = []
  for (let i = 0; i < gs.length; i++) {
    const g = gs[i]!
    const mark = ACCENTS.get(g.ch)
    if (mark) {
      const width = Math.max(g.x1 - g.x0, 0.01)
      // Indexes are checked before reading: a read past an array's end also throws the
      // optimised code away.
      const next = i + 1 < gs.length ? gs[i + 1] : undefined
      const prev = out.length > 0 ? out[out.length - 1] : undefined
      if (next && /\p{L}/u.test(next.ch) && overlap(g, next) >= width / 2) {
        gs[i + 1] = withMark(next, mark)
        continue
      }
      if (prev && /\p{L}/u.test(prev.ch) && overlap(g, prev) >= width / 2) {
        out[out.length - 1] = withMark(prev, mark)
        continue
      }
    }
    out.push(g)
  }
  return out
}

function withMark(g: Glyph, mark: string): Glyph {
  return glyph((g.ch + mark).normalize('NFC'), g.x0, g.x1, g.size, g.bottom)
}

function respaceLetterSpaced(gs: GlyphRun): string {
  const ink: number[] = []
  for (let i = 0; i < gs.count; i++) if (gs.ink[i]) ink.push(i)
  const gaps: number[] = []
  for (let i = 1; i < ink.length; i++) gaps.push(gs.gap(ink[i - 1]!, ink[i]!))
  const sorted = [...gaps].sort((a, b) => a - b)
  const typical = sorted[Math.floor(sorted.length / 4)] ?? 0
  let text = ink.length > 0 ? gs.ch[ink[0]!]! : ''
  for (let i = 1; i < ink.length; i++) {
    const size = gs.size[ink[i]!]!
    // A word break is a gap at least a sixth of an em wider than the usual letter gap.
    if (gaps[i - 1]! > typical + size * 0.17) text += ' '
    text += gs.ch[ink[i]!]!
  }
  return text
}

/** How many glyphs of a note's mark open the line, set small before its first word; else -1. */
function markLength(gs: GlyphRun): number {
  let k = 0
  while (k < gs.count && /\d/u.test(gs.ch[k]!)) k++
  if (k < 1 || k === gs.count) return -1
  const size = gs.size[0]!
  const bottom = gs.bottom[0]!
  for (let i = 1; i < k; i++) {
    if (gs.size[i] !== size || gs.bottom[i] !== bottom) return -1
  }
  const mark = { text: gs.ch.slice(0, k).join(''), size, bottom }
  return isMarkBefore(mark, { text: gs.ch[k]!, size: gs.size[k]!, bottom: gs.bottom[k]! }) ? k : -1
}

/**
 * What the lines of one block tell each other of their tracking: a line too short to show its
 * own word gap (a paragraph's last line, "per annum.") drawn without spaces in a block whose long
 * lines showed theirs takes their word gap, as its step above its own letter gap.
 */
export type Tracking = {
  /** How far above its usual letter gap a word gap stands, in ems; Infinity before it is known. */
  step: number
  /** The steps the block's lines found of their own. */
  steps: number[]
}

/**
 * The text of one line with word breaks decided from the glyph positions: a space where the gap
 * between two glyphs is a word gap and the file drew none ("InvoiceTotal"), and letter-spaced
 * words closed up; the words of a line in a right-to-left block in reading order (see
 * `rtlLineText`: a bracket or a Latin name alone on a line reads as its block does). Only
 * horizontal lines carry usable x edges; others keep the file's spaces.
 */
export function lineText(line: Line, rtl: boolean, tracking?: Tracking): string {
  const raw = drawnLine(line)
  const horizontal = Math.abs(line.dir[0]) > 0.9 && line.wmode === 0
  if (!horizontal) return raw
  const gs = readGlyphs(line)
  // Most lines hold no spacing accent and are read as drawn.
  const accented = hasAccent(gs)
  if (accented) gs.load(attachAccents(gs.objects()))
  if (isLetterSpaced(raw)) return respaceLetterSpaced(gs)
  const letterGaps: number[] = []
  let spaces = 0
  for (let i = 1; i < gs.count; i++) {
    if (gs.ink[i - 1] && gs.ink[i]) letterGaps.push(gs.gap(i - 1, i) / gs.size[i]!)
    else if (gs.ink[i] && i > 0) spaces++
  }
  // Read before nthSmallest reorders the gaps; the tracked gap sorts a copy of its own.
  let tracked =
    runsTogether(letterGaps.length + spaces + 1, spaces) && isWordsLine(raw)
      ? trackedWordGap(letterGaps, spaces)
      : Infinity
  const usual = nthSmallest(letterGaps, Math.floor(letterGaps.length / 2)) ?? 0
  if (tracked < Infinity) tracking?.steps.push(tracked - usual)
  else if (tracking && tracking.step < Infinity && spaces === 0 && isWordsLine(raw)) {
    tracked = usual + tracking.step
  }
  const threshold = Math.min(WORD_GAP, Math.max(NARROW_GAP, usual + NARROW_GAP))
  // Where each break falls in the glyphs' characters, in code units, and at which glyph.
  const cuts: number[] = []
  const breaks: number[] = []
  let unit = 0
  const mark = markLength(gs)
  for (let i = 0; i < gs.count; i++) {
    const ch = gs.ch[i]!
    if (i === mark) {
      cuts.push(unit)
      breaks.push(i)
    } else if (i > 0 && gs.ink[i - 1] && gs.ink[i]) {
      const before = gs.ch[i - 1]!
      const gap = gs.gap(i - 1, i)
      const em = Math.max(gs.size[i - 1]!, gs.size[i]!)
      // The narrow threshold only splits letters from letters, and a comma or semicolon from
      // the word after it ("away,his"): beside brackets and math symbols such gaps are italic
      // corrections and math spacing ("f(x)", "(f)"). The gap is tested first: most glyphs
      // touch, and the letter tests are regexes run for every pair of glyphs.
      const narrow =
        gap > em * threshold && /[\p{L}\p{N},;]$/u.test(before) && /^[\p{L}\p{N}]/u.test(ch)
      // A line set without spaces has its own word gap, between words and after a stop; not
      // beside brackets, dashes and symbols, as in "print(", "wis-tns" or "(a′z+b′)".
      const between =
        gap > em * tracked && /[\p{L}\p{N},;.:!?]$/u.test(before) && /^[\p{L}\p{N}]/u.test(ch)
      const wide = gap > em * WORD_GAP || narrow || between
      const cjk = isCjk(before) || isCjk(ch)
      if (cjk ? gap > em * FULL_WIDTH_GAP : wide) {
        cuts.push(unit)
        breaks.push(i)
      }
    }
    unit += ch.length
  }
  if (rtl) return rtlLineText(gs.objects(), new Set(breaks))
  // The glyphs' characters are the line's own text unless accents were joined to letters.
  return withSpaces(accented ? gs.text() : raw, cuts)
}

/**
 * `chars` with a space at each cut, copied in runs between them: built a glyph at a time, a
 * line's text was a chain of as many pieces as the line has glyphs.
 */
function withSpaces(chars: string, cuts: readonly number[]): string {
  let text = ''
  let from = 0
  for (const cut of cuts) {
    text += chars.slice(from, cut) + ' '
    from = cut
  }
  return text + chars.slice(from)
}
