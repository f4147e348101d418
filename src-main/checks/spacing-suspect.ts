import { lineText } from '../layout/line-text.js'
import { normalizeText } from '../layout/normalize.js'
import { isUnspacedScript } from '../layout/word-gaps.js'
import { isCjk } from '../shared/cjk.js'
import type { PageLayout } from '../shared/layout.js'
import type { Check } from './check.js'
import { kerningSplits, trackedRuns } from './split-words.js'

export type Spacing = Readonly<{
  words: number
  long: number
  single: number
  examples: string[]
  /** The runs of 25+ letters themselves. */
  runs: string[]
}>

/** A run of 25+ letters in a script written with spaces (Hangul among them): words run together. */
function isLongRun(t: string): boolean {
  return (
    t.length >= 25 && /\p{L}{25,}/u.test(t) && !isUnspacedScript(t) && !/[\uac00-\ud7af]/u.test(t)
  )
}

/** Words of the cleaned text that spacing would break: runs of 25+ letters, lone letters. */
export function spacingProfile(text: string): Spacing {
  const paragraphs = text.split(/\n\s*\n/).map((paragraph) => paragraph.split(/\s+/))
  const tokens = paragraphs.flat().filter((t) => /\p{L}/u.test(t))
  // The length tests come first and are implied by the regexes (25 letters are at least 25
  // code units, one letter and a stop at most 3): most tokens skip the regexes.
  const long = tokens.filter(isLongRun)
  const single = paragraphs.flatMap(loneRuns)
  return {
    words: tokens.length,
    long: long.length,
    single: single.length,
    examples: [...long.slice(0, 3), ...(single.length ? [single.slice(0, 6).join(' ')] : [])],
    runs: long
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

/**
 * A line of run-together words, whatever the rest of the page reads: two runs of 25+ letters on
 * it, or one of 40 (the corpus's longest real words, chemical names and German compounds, reach
 * 29; a sentence run together passes 40 within seven words).
 */
const RUN_TOGETHER_LINE = /\p{L}{40,}/u

/**
 * The lines, as the text shows them, that hold one of `runs` (runs of 25+ letters, letter-spaced
 * words): where the reviewer must look. Only a page that has such runs has its lines read again.
 * A tracked word MuPDF cut into a line a letter is found in the page's text instead, with the
 * words around it on its row.
 */
function linesWith(layout: PageLayout, text: string, runs: readonly string[]): string[] {
  const out: string[] = []
  const found = new Set<string>()
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      const shown = normalizeText(lineText(line, false))
      const held = runs.filter((run) => shown.includes(run))
      if (held.length === 0) continue
      out.push(shown)
      for (const run of held) found.add(run)
    }
  }
  for (const run of runs) {
    if (found.has(run)) continue
    const at = text.indexOf(run)
    const from = Math.max(text.lastIndexOf('\n', at) + 1, at - CONTEXT)
    const to = text.indexOf('\n', at + run.length)
    const end = Math.min(to < 0 ? text.length : to, at + run.length + CONTEXT)
    if (at >= 0) out.push(text.slice(from, end).trim())
  }
  return out
}

/** Characters of the text shown either side of a run that no line of the layout holds. */
const CONTEXT = 40

function runTogether(line: string): boolean {
  const long = line.split(/\s+/u).filter(isLongRun)
  return long.length >= 2 || long.some((t) => RUN_TOGETHER_LINE.test(t))
}

/** Lines listed in the flag's evidence and message at most. */
const MAX_LINES = 5

export const spacingSuspect: Check = ({ layout, text }) => {
  const { runs, ...p } = spacingProfile(text)
  // A tracked word the text still shows spaced out, however few words it has beside it.
  const tracked = SPACED_LETTERS.test(text)
    ? trackedRuns(layout).filter((run) => text.includes(run))
    : []
  const lines =
    runs.length > 0 || tracked.length > 0 ? linesWith(layout, text, [...runs, ...tracked]) : []
  const together = lines.filter(runTogether)
  if (p.words < MIN_WORDS && together.length === 0 && tracked.length === 0) return []
  const enough = p.words >= MIN_WORDS
  const missing = (enough && p.long >= 3 && p.long / p.words >= MAX_LONG) || together.length > 0
  const inserted = enough && p.single / p.words >= MAX_SINGLE
  const splits = enough ? kerningSplits(layout) : []
  const split = splits.length >= MIN_SPLITS && splits.length / p.words >= MAX_SPLIT_SHARE
  const found = [
    missing &&
      (together.length > 0 && p.long < 3
        ? `spaces look missing: ${together.length} ${together.length === 1 ? 'line reads' : 'lines read'} as words run together`
        : `spaces look missing: ${p.long} words of 25+ letters in ${p.words} words`),
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
  const shown = (missing ? lines.filter((l) => runs.some((r) => l.includes(r))) : [])
    .concat(tracked.length > 0 ? lines.filter((l) => tracked.some((r) => l.includes(r))) : [])
    .filter((l, i, all) => all.indexOf(l) === i)
    .slice(0, MAX_LINES)
  const where = shown.length > 0 ? `; line: "${shown[0]}"` : ''
  return [
    {
      code: 'spacing_suspect',
      severity: 'warn',
      message: `${found.join('; ')} (e.g. ${examples.join(', ')})${where}`,
      evidence: { ...p, tracked, splits: splits.length, missing, inserted, lines: shown }
    }
  ]
}
