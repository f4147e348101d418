import type { Check } from './check.js'
import { charStats, percent } from './char-stats.js'

const VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøœùúûüýÿ]/
const LATIN = /[a-zà-öø-ÿœ]/

/**
 * What LATIN and VOWEL say of each code unit up to œ, the last they match (bit 1 a Latin letter,
 * bit 2 a vowel): a page's letters are counted from it, without an array of every match.
 */
const LETTER_KIND = Uint8Array.from({ length: 'œ'.charCodeAt(0) + 1 }, (_, unit) => {
  const ch = String.fromCharCode(unit)
  return (LATIN.test(ch) ? 1 : 0) | (VOWEL.test(ch) ? 2 : 0)
})

/** Fewer Latin letters than this say too little about a page's letter distribution. */
const MIN_LETTERS = 200
/**
 * Vowels are 31–45% of the Latin letters on every clean corpus page (English, German, French,
 * tables, code); the shifted-alphabet page (olmocr dolma-page-1) has 7%. The line sits well
 * below the cleanest outlier (31%, an invoice).
 */
const MIN_VOWEL_SHARE = 0.22
/**
 * Words of four and more lower-case letters without a vowel: at most 13% on a clean page (URLs
 * and identifiers in a NIST report), 60% on the shifted-alphabet page.
 */
const MAX_VOWELLESS_WORDS = 0.35
/**
 * U+FFFD for 30% and more of the characters leaves no readable text: the corpus's broken-font
 * pages reach 64–100%, while a page of bullets drawn in a symbol font stays under 25%.
 */
const MAX_REPLACEMENT = 0.3

export type LetterProfile = Readonly<{
  letters: number
  vowelShare: number
  words: number
  vowellessShare: number
}>

/** Vowel statistics of a text's Latin letters; upper-case words (acronyms) are left out. */
export function letterProfile(text: string): LetterProfile {
  const normal = text.normalize('NFKC')
  const lower = normal.toLowerCase()
  let letters = 0
  let vowels = 0
  for (let i = 0; i < lower.length; i++) {
    const unit = lower.charCodeAt(i)
    const kind = unit < LETTER_KIND.length ? LETTER_KIND[unit]! : 0
    letters += kind & 1
    vowels += kind >> 1
  }
  const words = (normal.match(/[A-Za-zÀ-ÖØ-öø-ÿ]{4,}/g) ?? []).filter((w) => w !== w.toUpperCase())
  const vowelless = words.filter((w) => !VOWEL.test(w.toLowerCase())).length
  return {
    letters,
    vowelShare: letters ? vowels / letters : 1,
    words: words.length,
    vowellessShare: words.length ? vowelless / words.length : 0
  }
}

/**
 * Text whose letters are not language: a font map that turns glyphs into the wrong letters (a
 * shifted alphabet reads "Qtrrdkk" for "Russell") or into U+FFFD for most characters. Judged on
 * Latin letters only, so Chinese, Korean, Arabic and Persian text is never held against itself.
 */
export const garbledText: Check = ({ layout, rawText }) => {
  const stats = charStats(layout)
  const replacementShare = stats.chars ? stats.replacement / stats.chars : 0
  if (stats.chars > 0 && replacementShare >= MAX_REPLACEMENT) {
    return [
      {
        code: 'garbled_text',
        severity: 'error',
        message: `${percent(stats.replacement, stats.chars)}% of the characters are U+FFFD: the text cannot be read`,
        evidence: { replacement: stats.replacement, chars: stats.chars }
      }
    ]
  }
  const profile = letterProfile(rawText)
  if (profile.letters < MIN_LETTERS) return []
  const fewVowels = profile.vowelShare < MIN_VOWEL_SHARE
  const vowelless = profile.words >= 20 && profile.vowellessShare >= MAX_VOWELLESS_WORDS
  if (!fewVowels && !vowelless) return []
  const sample = (rawText.match(/[A-Za-zÀ-ÖØ-öø-ÿ]{4,}/g) ?? [])
    .filter((w) => w !== w.toUpperCase() && !VOWEL.test(w.toLowerCase()))
    .slice(0, 5)
  return [
    {
      code: 'garbled_text',
      severity: 'error',
      message:
        `letters are not language: ${Math.round(100 * profile.vowelShare)}% vowels (text has 31–45%), ` +
        `${Math.round(100 * profile.vowellessShare)}% of words without a vowel (e.g. ${sample.join(', ')})`,
      evidence: { ...profile, examples: sample }
    }
  ]
}
