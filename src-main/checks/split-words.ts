import { isCjk } from '../shared/cjk.js'
import type { Line, PageLayout } from '../shared/layout.js'
import { nthSmallest } from '../shared/sorted.js'
import { isSpaceUnit } from '../shared/whitespace.js'

/** A glyph of a line: its character, its left and right edge, and its font size. */
type Glyph = { ch: string; x0: number; x1: number; size: number }

function glyphs(line: Line): Glyph[] {
  const out: Glyph[] = []
  for (const span of line.spans) {
    let i = 0
    for (const ch of span.text) {
      out.push({ ch, x0: span.charX[2 * i] ?? 0, x1: span.charX[2 * i + 1] ?? 0, size: span.size })
      i++
    }
  }
  return out
}

function isInk(g: Glyph): boolean {
  return g.ch.trim() !== ''
}

/** Ink-to-ink gap in ems between two glyphs' edges, whichever way the line runs. */
function edgeGapEm(
  ax0: number,
  ax1: number,
  aSize: number,
  bx0: number,
  bx1: number,
  bSize: number
): number {
  return Math.max(bx0 - ax1, ax0 - bx1) / Math.max(aSize, bSize, 0.01)
}

function gapEm(a: Glyph, b: Glyph): number {
  return edgeGapEm(a.x0, a.x1, a.size, b.x0, b.x1, b.size)
}

function horizontal(line: Line): boolean {
  return Math.abs(line.dir[0]) > 0.9 && line.wmode === 0
}

/**
 * A word gap narrower than this share of the widest usual word gaps of its line (their upper
 * quartile), and under 0.2 em where a space is 0.25–0.33 em, is a kerning adjustment MuPDF took
 * for a space: "Inv oice" drawn as [(Inv) -150 (oice)]. Gaps from 0.1 em are the ones the text
 * shows as a space (line-text.ts); gaps over 0.8 em are columns and tabs, not word gaps.
 */
const SPLIT_RATIO = 0.6
const MAX_SPLIT_GAP = 0.2
const MIN_GAP = 0.1
const MAX_WORD_GAP = 0.8
/** A line needs this many word gaps for its usual one to mean anything. */
const MIN_GAPS = 3

/**
 * Places where a word looks cut by a space that is only a narrow gap: letters on both sides, two
 * at least before and two lower-case after ("Inv oice", "num ber"), so that "a viable", "I am" or
 * a capitalised next word are not taken for pieces.
 */
export function kerningSplits(layout: PageLayout): string[] {
  const out: string[] = []
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      if (horizontal(line)) out.push(...lineSplits(line))
    }
  }
  return out
}

/**
 * The line's word gaps are measured from its spans' character edges (edgeGapEm); the
 * glyphs themselves are made only for a line with a narrow gap to read the words around: most
 * lines have none.
 */
function lineSplits(line: Line): string[] {
  const gaps: number[] = []
  const at: number[] = []
  const before: number[] = []
  let glyph = 0
  let last = -1
  let lastX0 = 0
  let lastX1 = 0
  let lastSize = 0
  for (const span of line.spans) {
    let i = 0
    for (const ch of span.text) {
      const x0 = span.charX[2 * i] ?? 0
      const x1 = span.charX[2 * i + 1] ?? 0
      i++
      if (!isSpaceUnit(ch.charCodeAt(0))) {
        if (last >= 0 && last < glyph - 1) {
          const gap = edgeGapEm(lastX0, lastX1, lastSize, x0, x1, span.size)
          if (gap >= MIN_GAP && gap <= MAX_WORD_GAP) {
            gaps.push(gap)
            at.push(glyph)
            before.push(last)
          }
        }
        last = glyph
        lastX0 = x0
        lastX1 = x1
        lastSize = span.size
      }
      glyph++
    }
  }
  if (gaps.length < MIN_GAPS) return []
  const usual = nthSmallest([...gaps], Math.floor(gaps.length * 0.75)) ?? 0
  let gs: Glyph[] | null = null
  const splits: string[] = []
  for (let n = 0; n < gaps.length; n++) {
    const gap = gaps[n]!
    if (gap >= MAX_SPLIT_GAP || gap >= usual * SPLIT_RATIO) continue
    gs ??= glyphs(line)
    const left = wordAround(gs, before[n]!, -1)
    const right = wordAround(gs, at[n]!, 1)
    if (/\p{L}{2}$/u.test(left) && /^\p{Ll}{2}/u.test(right)) splits.push(`${left} ${right}`)
  }
  return splits
}

/** The ink glyphs from `i` to the next whitespace in direction `step`, as text. */
function wordAround(gs: readonly Glyph[], i: number, step: 1 | -1): string {
  let text = ''
  for (let k = i; k >= 0 && k < gs.length && isInk(gs[k]!); k += step) {
    text = step === 1 ? text + gs[k]!.ch : gs[k]!.ch + text
  }
  return text
}

/**
 * Letters spaced out as words of their own, five at least ("I N V O I C E"): each a gap of
 * MIN_GAP or more from the next, as the text shows a space, and close together on one line, as
 * a tracked word is. The letters of a word touch; figure labels standing in a row are a few ems
 * apart or on lines of their own.
 */
const MIN_TRACKED = 5
const MAX_TRACKING_GAP = 1.5

/**
 * A block's horizontal lines gathered into rows: MuPDF makes a line of each letter of a word
 * tracked wider than about half an em, and the rows put them back side by side.
 */
function rows(lines: readonly Line[]): Glyph[][] {
  const sorted = lines.filter(horizontal).sort((a, b) => a.bbox[1] - b.bbox[1])
  const out: Line[][] = []
  for (const line of sorted) {
    const row = out[out.length - 1]
    const first = row?.[0]
    const mid = (line.bbox[1] + line.bbox[3]) / 2
    if (row && first && mid > first.bbox[1] && mid < first.bbox[3]) row.push(line)
    else out.push([line])
  }
  return out.map((row) => row.sort((a, b) => a.bbox[0] - b.bbox[0]).flatMap(glyphs))
}

/** Tracked words of the page as drawn, letters joined by one space ("I N V O I C E"). */
export function trackedRuns(layout: PageLayout): string[] {
  const out: string[] = []
  for (const block of layout.blocks) {
    for (const row of rows(block.lines)) {
      const ink = row.filter(isInk)
      const apart = (i: number): boolean =>
        (i === 0 || gapEm(ink[i - 1]!, ink[i]!) >= MIN_GAP) &&
        (i === ink.length - 1 || gapEm(ink[i]!, ink[i + 1]!) >= MIN_GAP)
      let run: Glyph[] = []
      const close = (): void => {
        if (run.length >= MIN_TRACKED) out.push(run.map((g) => g.ch).join(' '))
        run = []
      }
      for (const [i, g] of ink.entries()) {
        const letter = /^\p{L}$/u.test(g.ch) && !isCjk(g.ch) && apart(i)
        const prev = run[run.length - 1]
        if (!letter || (prev && gapEm(prev, g) > MAX_TRACKING_GAP)) close()
        if (letter) run.push(g)
      }
      close()
    }
  }
  return out
}
