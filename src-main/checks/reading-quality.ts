import { isEnglishWord } from '../layout/hyphenation.js'
import { languageOfText, scriptOfText } from '../language/text-language.js'

/**
 * Letters an OCR engine reads for digits and digits it reads for letters: "I880-I9I9" for
 * 1880-1919, "2O16", "l0". A token of digits and only these letters is a misread number.
 */
const DIGIT_LIKE = /^[0-9IlOoSZB|]+$/
const DIGIT = /[0-9]/

/** Specks an OCR engine reads from dirt and rules: a token of nothing else is noise. */
const SPECKS = /^[|~_^\\{}<>¦]+$/

const VOWELS = /[aeiouyàáâãäåæèéêëìíîïòóôõöøœùúûüýÿăąęěįıœůű]/iu

/** Fewer judged words than this say nothing of a reading's quality. */
export const MIN_JUDGED = 10

export type ReadingQuality = Readonly<{
  /** The language the words were judged in ('eng' against the word list, others by shape). */
  language: string
  /** Words judged good or bad; punctuation and short words count for neither. */
  judged: number
  /** Share of the judged words that are words: 0 to 1. */
  score: number
  /** Numbers with letters read for digits, and the first few as read. */
  misread: number
  misreadNumbers: readonly string[]
  /** Judged words that are no words, the first few as read. */
  nonWords: readonly string[]
}>

/**
 * How much of a text reads as words of its language: each token is a number, a word, or noise.
 * A number with a letter for a digit ("I880"), a speck ("|", "~"), a word with a digit in it, a
 * word with a capital after a small letter ("coLoniale") or a long one without a vowel is noise;
 * in English, so is a word of three letters or more that the word list lacks (acronyms in
 * capitals aside). Null for a text in a script with no words to judge by these rules (CJK) or
 * too short to tell.
 */
export function readingQuality(text: string): ReadingQuality | null {
  const script = scriptOfText(text)
  if (script !== 'latin') return null
  const language = languageOfText(text) ?? 'eng'
  let good = 0
  let judged = 0
  let misread = 0
  const misreadNumbers: string[] = []
  const nonWords: string[] = []
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(/^[("'“‘«[]+|[)"'”’»\].,;:!?]+$/gu, '')
    const verdict = judge(token, language)
    if (verdict === null) continue
    judged++
    if (verdict === 'good') good++
    else if (verdict === 'number') {
      misread++
      if (misreadNumbers.length < 5) misreadNumbers.push(token)
    } else if (nonWords.length < 5) nonWords.push(token)
  }
  if (judged < MIN_JUDGED) return null
  return { language, judged, score: good / judged, misread, misreadNumbers, nonWords }
}

/** 'good', 'number' (a misread one), 'noise', or null for a token that says nothing. */
function judge(token: string, language: string): 'good' | 'number' | 'noise' | null {
  if (SPECKS.test(token)) return 'noise'
  if (!/[\p{L}\p{N}]/u.test(token)) return null
  const pieces = token.split(/[-–/.,:]/).filter((part) => part !== '')
  if (pieces.some((part) => DIGIT.test(part))) {
    const misread = pieces.some((part) => DIGIT_LIKE.test(part) && misreadDigits(part))
    if (misread) return 'number'
    // Numbers, dates, ordinals (1st, 2e), units (10mm) and codes (A4) are what they seem.
    return 'good'
  }
  if (!/^[\p{L}\p{M}'’./—–-]+$/u.test(token)) return 'noise'
  const letters = token.replace(/['’./—–-]/g, '')
  if (letters.length < 3) return null
  if (/\p{Ll}\p{Lu}/u.test(letters)) return 'noise'
  if (letters.length >= 4 && !VOWELS.test(letters)) {
    return letters === letters.toUpperCase() ? null : 'noise'
  }
  if (language !== 'eng') return 'good'
  const known = (word: string) => isEnglishWord(word.toLowerCase().replace(/['’]s$/, ''))
  const parts = token.split(/[-—–./]/).filter((part) => part !== '')
  if (known(token) || known(letters) || parts.every(known)) return 'good'
  // The word list has no names or acronyms: a capitalised word it lacks says nothing.
  return /^\p{Lu}/u.test(token) ? null : 'noise'
}

/**
 * Digits with letters among them as many as or fewer than the digits: a number misread
 * ("I880", "l0"), not a formula or a code of letters with a digit ("SO2", "B12" aside).
 */
function misreadDigits(part: string): boolean {
  const digits = part.replace(/[^0-9]/g, '').length
  return digits > 0 && digits < part.length && digits >= part.length - digits
}
