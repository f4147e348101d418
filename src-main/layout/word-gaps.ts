/**
 * Word gaps of a line set without space glyphs, read from the line's own gaps. A producer that
 * tracks its text tight (Tc −0.02 to −0.05 em) and moves the pen between words instead of drawing
 * a space leaves word gaps of 0.05–0.12 em: under any fixed threshold that also keeps kerned
 * letters together, so the line read "InvoiceTotalamountsnowinclude…". Its gaps between letters
 * all stand at the tracking, and its word gaps form a second group above them: the break between
 * the two groups is the line's own word gap.
 */

import { nonSpaceLength } from '../shared/whitespace.js'

/**
 * Scripts written without spaces between words: Han and kana, Thai, Lao, Tibetan, Myanmar and
 * Khmer. Their lines run together by nature, and a gap between their glyphs is no word gap.
 * Hangul is written with spaces.
 */
const UNSPACED =
  /[\u0e00-\u0fff\u1000-\u109f\u1780-\u17ff\u2e80-\u2fff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u

export function isUnspacedScript(text: string): boolean {
  return UNSPACED.test(text)
}

/**
 * Letters make up this share of a line of words at least; code, addresses and formulas
 * ("print(\"!␣Missing\");", "https://heasarc.gsfc.nasa.gov/cgi-bin/", "(−1)i+j∂i−1(∂jσ)") also
 * run on without spaces, and their gaps beside symbols are no word gaps.
 */
const WORDS_LETTERS = 0.85

/** A line of words in a script written with spaces: what a tracked word gap is looked for in. */
export function isWordsLine(text: string): boolean {
  if (isUnspacedScript(text)) return false
  const ink = nonSpaceLength(text)
  return (text.match(/\p{L}/gu)?.length ?? 0) >= ink * WORDS_LETTERS
}

/**
 * A line is read this way only when its drawn text runs together: this many letters per word or
 * more, where a script written with spaces averages five or six. Lines with their spaces drawn
 * never reach it and cost no sort.
 */
const RUN_TOGETHER = 12
const MIN_INK = 16

/**
 * A word gap stands at least this far above the line's usual letter gap, and the two groups are
 * at least MIN_JUMP apart with nothing between them: kerning pairs (±0.08 em, TJ numbers of 80)
 * scatter over the letter group without opening such a gap.
 */
const MIN_STEP = 0.04
const MIN_JUMP = 0.025

/**
 * Words of fewer letters than MIN_WORD on average are kerning noise cut apart, not words; words
 * of more than MAX_WORD still run together, so the gaps found are a few kerned pairs in a line
 * of one long token ("map-pro jections" in an address): a line of words averages five or six.
 */
const MIN_WORD = 2.5
const MAX_WORD = 9

/** Whether a line of `ink` glyphs and `spaces` drawn spaces reads as words run together. */
export function runsTogether(ink: number, spaces: number): boolean {
  return ink >= MIN_INK && ink >= RUN_TOGETHER * (spaces + 1)
}

let sorted = new Float64Array(256)

/**
 * The gap in ems above which a gap between two glyphs of the line is a word gap, or Infinity
 * where its gaps (ems, between glyphs with no space drawn between them) form no second group.
 * `spaces` is how many spaces the line draws.
 */
export function trackedWordGap(gaps: readonly number[], spaces: number): number {
  const count = gaps.length
  if (count < MIN_INK - 1) return Infinity
  if (sorted.length < count) sorted = new Float64Array(Math.max(count, 2 * sorted.length))
  const s = sorted.subarray(0, count)
  for (let i = 0; i < count; i++) s[i] = gaps[i]!
  s.sort()
  const middle = count >> 1
  const base = s[middle]!
  // The lower group holds most gaps: the spread of its lower half says how much kerning moves
  // letters, and the break between groups must be wider than that.
  const spread = base - s[Math.floor(count / 10)]!
  let at = -1
  let jump = 0
  for (let k = middle; k < count - 1; k++) {
    const step = s[k + 1]! - s[k]!
    if (step > jump && s[k + 1]! - base >= MIN_STEP) {
      jump = step
      at = k
    }
  }
  if (at < 0 || jump < Math.max(MIN_JUMP, spread)) return Infinity
  const length = (count + spaces + 1) / (count - at + spaces)
  if (length < MIN_WORD || length > MAX_WORD) return Infinity
  return (s[at]! + s[at + 1]!) / 2
}
