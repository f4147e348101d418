import { isCjk } from '../shared/cjk.js'
import type { Check } from './check.js'
import { kerningSplits, trackedRuns } from './split-words.js'

export type Spacing = Readonly<{ words: number; long: number; single: number; examples: string[] }>

/** Words of the cleaned text that spacing would break: runs of 25+ letters, lone letters. */
export function spacingProfile(text: string): Spacing {
  const paragraphs = text.split(/\n\s*\n/).map((paragraph) => paragraph.split(/\s+/))
  const tokens = paragraphs.flat().filter((t) => /\p{L}/u.test(t))
  // The length tests come first and are implied by the regexes (25 letters are at least 25
  // code units, one letter and a stop at most 3): most tokens skip the regexes.
  const long = tokens.filter(
    (t) => t.length >= 25 && /\p{L}{25,}/u.test(t) && !/[\u3040-\u9fff\uac00-\ud7af]/u.test(t)
  )
  const single = paragraphs.flatMap(loneRuns)
  return {
    words: tokens.length,
    long: long.length,
    single: single.length,
    examples: [...long.slice(0, 3), ...(single.length ? [single.slice(0, 6).join(' ')] : [])]
  }
}

/** One letter, maybe with a stop; a Han character or Hangul syllable alone is often a word. */
function isLone(t: string): boolean {
  return (
    t.length <= 3 &&
    /^\p{L}[.,;:]?$/u.test(t) &&
    !isCjk(t) &&
    !/[\u3040-\u9fff\uac00-\ud7af]/u.test(t)
  )
}

/**
 * A letter-spaced word is a run of lone letters ("I n v o i c e"); words of one letter ("a",
 * "I", "y") and a formula's variables stand between other words and operators ("f : X → Y",
 * "(X, T)"), and runs of three or more of them are rare: on the corpus's clean pages at most 10% of the words (a topology book's page of
 * "X, U, V" lists), against all of a letter-spaced page. A letter standing alone as a paragraph
 * is a figure's label ("X", "C" beside a drawing) and breaks no word.
 */
const MIN_RUN = 3

function loneRuns(words: readonly string[]): string[] {
  const out: string[] = []
  let run: string[] = []
  for (const word of [...words, '']) {
    if (isLone(word)) {
      run.push(word)
      continue
    }
    if (run.length >= MIN_RUN) out.push(...run)
    run = []
  }
  return out
}

/**
 * Measured on the corpus's clean text: German compounds and chemical names reach 18–21 letters,
 * so a run of 25 and more is two words run together; letters in runs of lone letters stay
 * under 10% (see MIN_RUN). With at least 20 words, 3% of such long runs or 20% of letters in runs
 * of lone letters say spaces are missing ("InvoiceTotal") or inserted ("I n v o i c e").
 */
const MAX_LONG = 0.03
const MAX_SINGLE = 0.2
const MIN_WORDS = 20

/**
 * Measured on the corpus: kerning-split gaps (see split-words.ts) reach 11 on a clean page
 * (lots_of_sci_tables' legal notice, whose word gaps vary from 0.12 to 0.23 em: 4–7% of its
 * words), against a quarter of the words of a page whose words are split at kerning pairs.
 */
const MIN_SPLITS = 5
const MAX_SPLIT_SHARE = 0.1

/**
 * Five letters one space apart: a tracked run as the text shows it. Text without them shows no
 * tracked run, and most pages are spared gathering their glyphs into rows to look for one.
 */
const SPACED_LETTERS = /\p{L} \p{L} \p{L} \p{L} \p{L}/u

export const spacingSuspect: Check = ({ layout, text }) => {
  const p = spacingProfile(text)
  if (p.words < MIN_WORDS) return []
  const missing = p.long >= 3 && p.long / p.words >= MAX_LONG
  const inserted = p.single / p.words >= MAX_SINGLE
  // A tracked word the text still shows spaced out, however few words it has beside it.
  const tracked = SPACED_LETTERS.test(text)
    ? trackedRuns(layout).filter((run) => text.includes(run))
    : []
  const splits = kerningSplits(layout)
  const split = splits.length >= MIN_SPLITS && splits.length / p.words >= MAX_SPLIT_SHARE
  const found = [
    missing && `spaces look missing: ${p.long} words of 25+ letters in ${p.words} words`,
    inserted &&
      `spaces look inserted inside words: ${p.single} of ${p.words} words are lone letters in runs`,
    tracked.length > 0 &&
      `${tracked.length} letter-spaced ${tracked.length === 1 ? 'word reads' : 'words read'} a letter at a time`,
    split &&
      `words look cut at kerning gaps: ${splits.length} narrow gaps inside words in ${p.words} words`
  ].filter((part) => part !== false)
  if (found.length === 0) return []
  // The lone-letter runs already show a tracked word when most of the page is spaced out.
  const examples = [
    ...(missing || inserted ? p.examples : []),
    ...(inserted ? [] : tracked.slice(0, 2)),
    ...(split ? splits.slice(0, 3) : [])
  ]
  return [
    {
      code: 'spacing_suspect',
      severity: 'warn',
      message: `${found.join('; ')} (e.g. ${examples.join(', ')})`,
      evidence: { ...p, tracked, splits: splits.length, missing, inserted }
    }
  ]
}
