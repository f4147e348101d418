import { isSpaceUnit } from './whitespace.js'

/** A line of prose has this many characters or more: a label or a figure's number has fewer. */
export const PROSE_LINE = 20

/**
 * A line of words, not a formula, a number or a label: two words of letters, mostly letters.
 * Words are runs of two letters or more; letters are counted against the characters that are
 * not white space. One pass over the text: it is asked of every word start a gutter may be at,
 * where three regex passes building their matches were a percent of an ingest worker's time.
 */
export function isProse(text: string): boolean {
  let words = 0
  let run = 0
  let letters = 0
  let solid = 0
  // The letters were counted in the text with its white space taken out, where a lone high
  // surrogate and a lone low one with only white space between them make one character.
  let loneHigh = -1
  for (let i = 0; i < text.length;) {
    const unit = text.charCodeAt(i)
    if (isSpaceUnit(unit)) {
      run = 0
      i++
      continue
    }
    const width = isHigh(unit) && isLow(text.charCodeAt(i + 1)) ? 2 : 1
    solid += width
    const letter = width === 1 && unit < 0x80 ? isAsciiLetter(unit) : letterAt(text, i)
    if (letter) {
      letters++
      if (++run === 2) words++
    } else {
      run = 0
      if (loneHigh >= 0 && width === 1 && isLow(unit)) {
        if (LETTER.test(String.fromCharCode(loneHigh, unit))) letters++
      }
    }
    loneHigh = width === 1 && isHigh(unit) ? unit : -1
    i += width
  }
  return words >= 2 && letters >= 0.6 * solid
}

/** A letter outside ASCII, tested where the scan stands (sticky): no string per character. */
const LETTER_AT = /\p{L}/uy
const LETTER = /^\p{L}$/u

function letterAt(text: string, i: number): boolean {
  LETTER_AT.lastIndex = i
  return LETTER_AT.test(text)
}

const isAsciiLetter = (unit: number): boolean => (unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7a
const isHigh = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff
const isLow = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff
