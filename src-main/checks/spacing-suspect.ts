import { isCjk } from '../layout/line-text.js'
import type { Check } from './check.js'

export type Spacing = Readonly<{ words: number; long: number; single: number; examples: string[] }>

/** Words of the cleaned text that spacing would break: runs of 25+ letters, lone letters. */
export function spacingProfile(text: string): Spacing {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split(/\s+/).filter((t) => /\p{L}/u.test(t)))
  const tokens = paragraphs.flat()
  // The length tests come first and are implied by the regexes (25 letters are at least 25
  // code units, one letter and a stop at most 3): most tokens skip the regexes.
  const long = tokens.filter(
    (t) => t.length >= 25 && /\p{L}{25,}/u.test(t) && !/[\u3040-\u9fff\uac00-\ud7af]/u.test(t)
  )
  // "a", "I", "A", "à", "y", "o" are words in English, French, Spanish, and one Han character or
  // Hangul syllable is often a word; other lone letters are pieces of letter-spaced words, which
  // come in runs ("I n v o i c e"). A letter standing alone as a paragraph is a figure's label
  // ("X", "C" beside a drawing) and breaks no word.
  const lone = (t: string): boolean =>
    t.length <= 3 &&
    /^\p{L}[.,;:]?$/u.test(t) &&
    !/^[aAIàyoeu][.,;:]?$/u.test(t) &&
    !isCjk(t) &&
    !/[\uac00-\ud7af]/u.test(t)
  const single = paragraphs.flatMap((words) => (words.length > 1 ? words.filter(lone) : []))
  return {
    words: tokens.length,
    long: long.length,
    single: single.length,
    examples: [...long.slice(0, 3), ...(single.length ? [single.slice(0, 6).join(' ')] : [])]
  }
}

/**
 * Measured on the corpus's clean text: German compounds and chemical names reach 18–21 letters,
 * so a run of 25 and more is two words run together; lone letters stay under 10% (formula
 * variables, list labels). With at least 20 words, 3% of such runs or 20% of lone letters say
 * spaces are missing ("InvoiceTotal") or inserted ("I n v o i c e").
 */
const MAX_LONG = 0.03
const MAX_SINGLE = 0.2
const MIN_WORDS = 20

export const spacingSuspect: Check = ({ text }) => {
  const p = spacingProfile(text)
  if (p.words < MIN_WORDS) return []
  const missing = p.long >= 3 && p.long / p.words >= MAX_LONG
  const inserted = p.single / p.words >= MAX_SINGLE
  if (!missing && !inserted) return []
  const what = missing ? 'spaces look missing' : 'spaces look inserted inside words'
  return [
    {
      code: 'spacing_suspect',
      severity: 'warn',
      message: `${what}: ${p.long} words of 25+ letters and ${p.single} lone letters in ${p.words} words (e.g. ${p.examples.join(', ')})`,
      evidence: { ...p, missing, inserted }
    }
  ]
}
