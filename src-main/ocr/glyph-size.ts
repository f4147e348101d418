/**
 * Letters reaching up to about the capital height (capitals, digits, ascenders, accented
 * letters) and letters reaching below the baseline: what part of the em a word's inked box
 * spans, by the letters it holds.
 */
const TALL = /[\p{Lu}\p{Nd}bdfhklt\u00c0-\u024f&?!%#@/\\()[\]{}|]/u
const LOW = /[gjpqyQ(),;[\]{}|/\\]/u
const LATIN_SMALL = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u

/**
 * Shares of the em (common text faces: Helvetica, Times, their kin): capitals and ascenders stand
 * about 0.72 above the baseline, the x-height 0.53, descenders reach 0.21 below. Other scripts'
 * letters (Han, Hangul, Arabic, Hebrew) fill about 0.88 of the em from top to bottom.
 */
const TALL_SHARE = 0.72
const X_SHARE = 0.53
const LOW_SHARE = 0.21
const OTHER_SHARE = 0.88

/**
 * The type size a word of OCR was set in, from its inked height and its letters: "The" is as tall
 * as its capitals, "on" as its x-height, "quay" reaches below. Null for a word of no letter or
 * digit, which says nothing of its size.
 */
export function wordTypeSize(text: string, inkHeight: number): number | null {
  if (!/[\p{L}\p{Nd}]/u.test(text) || inkHeight <= 0) return null
  const letters = [...text].filter((c) => /[\p{L}\p{Nd}]/u.test(c))
  if (!letters.every((c) => LATIN_SMALL.test(c) || /\p{Nd}/u.test(c))) {
    return inkHeight / OTHER_SHARE
  }
  const top = letters.some((c) => TALL.test(c)) ? TALL_SHARE : X_SHARE
  const bottom = [...text].some((c) => LOW.test(c)) ? LOW_SHARE : 0
  return inkHeight / (top + bottom)
}

/**
 * The type size of a line of OCR: the median of its words' sizes (one word misjudged, a speck
 * read as a letter, moves it little), or the line's height for a line with none.
 */
export function lineTypeSize(words: readonly Readonly<{ text: string; height: number }>[]): number {
  const sizes = words
    .map((word) => wordTypeSize(word.text, word.height))
    .filter((size): size is number => size !== null)
    .sort((a, b) => a - b)
  if (sizes.length === 0) return Math.max(0, ...words.map((word) => word.height))
  const mid = sizes.length >> 1
  return sizes.length % 2 ? sizes[mid]! : (sizes[mid - 1]! + sizes[mid]!) / 2
}
