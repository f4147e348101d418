import { FULL_WIDTH_GAP, isCjk } from '../shared/cjk.js'
import { drawnLine, type Line } from '../shared/layout.js'
import { nthSmallest } from '../shared/sorted.js'
import { isMarkBefore } from './footnotes.js'
import { rtlLineText } from './rtl.js'
import { isSpaceUnit } from '../shared/whitespace.js'

/**
 * A glyph of a line: its left and right edge, its size, where its span's box ends below, and
 * whether it is ink (not whitespace).
 */
type Glyph = { ch: string; x0: number; x1: number; size: number; bottom: number; ink: boolean }

/**
 * Every glyph is made here, with its properties in one order: the functions that read glyphs then
 * see objects of one shape, which keeps their optimised code from being thrown away and rebuilt.
 */
function glyph(ch: string, x0: number, x1: number, size: number, bottom: number): Glyph {
  return { ch, x0, x1, size, bottom, ink: !isSpaceUnit(ch.charCodeAt(0)) }
}

function glyphs(line: Line): Glyph[] {
  const out: Glyph[] = []
  for (const span of line.spans) {
    let i = 0
    for (const ch of span.text) {
      out.push(
        glyph(ch, span.charX[2 * i] ?? 0, span.charX[2 * i + 1] ?? 0, span.size, span.bbox[3])
      )
      i++
    }
  }
  return out
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
function isAccent(g: Glyph): boolean {
  return g.ch.charCodeAt(0) >= 0xa8 && ACCENTS.has(g.ch)
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
  // Most lines hold no spacing accent and are kept as they are, without a copy.
  if (!gs.some(isAccent)) return gs
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

/** Whitespace between two glyphs whichever way the line runs (RTL files draw either way). */
function gapBetween(a: Glyph, b: Glyph): number {
  return Math.max(b.x0 - a.x1, a.x0 - b.x1)
}

function respaceLetterSpaced(gs: readonly Glyph[]): string {
  const ink = gs.filter((g) => g.ink)
  const gaps: number[] = []
  for (let i = 1; i < ink.length; i++) {
    gaps.push(gapBetween(ink[i - 1]!, ink[i]!))
  }
  const sorted = [...gaps].sort((a, b) => a - b)
  const typical = sorted[Math.floor(sorted.length / 4)] ?? 0
  let text = ink[0]?.ch ?? ''
  for (let i = 1; i < ink.length; i++) {
    const size = ink[i]!.size
    // A word break is a gap at least a sixth of an em wider than the usual letter gap.
    if (gaps[i - 1]! > typical + size * 0.17) text += ' '
    text += ink[i]!.ch
  }
  return text
}

/** How many glyphs of a note's mark open the line, set small before its first word; else -1. */
function markLength(gs: readonly Glyph[]): number {
  const k = gs.findIndex((g) => !/\d/u.test(g.ch))
  const first = gs[0]
  const word = gs[k]
  if (k < 1 || !first || !word) return -1
  const digits = gs.slice(0, k)
  if (digits.some((g) => g.size !== first.size || g.bottom !== first.bottom)) return -1
  const mark = { text: digits.map((g) => g.ch).join(''), size: first.size, bottom: first.bottom }
  return isMarkBefore(mark, { text: word.ch, size: word.size, bottom: word.bottom }) ? k : -1
}

/**
 * The text of one line with word breaks decided from the glyph positions: a space where the gap
 * between two glyphs is a word gap and the file drew none ("InvoiceTotal"), and letter-spaced
 * words closed up; the words of a line in a right-to-left block in reading order (see
 * `rtlLineText`: a bracket or a Latin name alone on a line reads as its block does). Only
 * horizontal lines carry usable x edges; others keep the file's spaces.
 */
export function lineText(line: Line, rtl: boolean): string {
  const raw = drawnLine(line)
  const horizontal = Math.abs(line.dir[0]) > 0.9 && line.wmode === 0
  if (!horizontal) return raw
  const drawn = glyphs(line)
  const gs = attachAccents(drawn)
  if (isLetterSpaced(raw)) return respaceLetterSpaced(gs)
  const letterGaps: number[] = []
  for (let i = 1; i < gs.length; i++) {
    const a = gs[i - 1]!
    const b = gs[i]!
    if (a.ink && b.ink) letterGaps.push(gapBetween(a, b) / b.size)
  }
  const usual = nthSmallest(letterGaps, Math.floor(letterGaps.length / 2)) ?? 0
  const threshold = Math.min(WORD_GAP, Math.max(NARROW_GAP, usual + NARROW_GAP))
  const breaks = new Set<number>()
  // Where each break falls in the glyphs' characters, in code units.
  const cuts: number[] = []
  let unit = 0
  const mark = markLength(gs)
  let prev: Glyph | null = null
  for (let i = 0; i < gs.length; i++) {
    const g = gs[i]!
    if (i === mark) {
      cuts.push(unit)
      breaks.add(i)
    } else if (prev && prev.ink && g.ink) {
      const gap = gapBetween(prev, g)
      const em = Math.max(prev.size, g.size)
      // The narrow threshold only splits letters from letters, and a comma or semicolon from
      // the word after it ("away,his"): beside brackets and math symbols such gaps are italic
      // corrections and math spacing ("f(x)", "(f)"). The gap is tested first: most glyphs
      // touch, and the letter tests are regexes run for every pair of glyphs.
      const narrow =
        gap > em * threshold && /[\p{L}\p{N},;]$/u.test(prev.ch) && /^[\p{L}\p{N}]/u.test(g.ch)
      const wide = gap > em * WORD_GAP || narrow
      const cjk = isCjk(prev.ch) || isCjk(g.ch)
      if (cjk ? gap > em * FULL_WIDTH_GAP : wide) {
        cuts.push(unit)
        breaks.add(i)
      }
    }
    unit += g.ch.length
    prev = g
  }
  if (rtl) return rtlLineText(gs, breaks)
  // The glyphs' characters are the line's own text unless accents were joined to letters.
  return withSpaces(gs === drawn ? raw : gs.map((g) => g.ch).join(''), cuts)
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
