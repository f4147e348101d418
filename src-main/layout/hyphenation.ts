import { readFileSync } from 'node:fs'
import wordListPath from 'word-list'
import { WordList } from './word-list.js'

let dictionary: WordList | null = null

export function englishWords(): WordList {
  // A list shipped with the app (not the system's /usr/share/dict) so a page's text is the same
  // on every machine. It is all lower case (test/layout/word-list.test.ts holds it to that), so
  // every worker and `recto text` is spared folding a copy of its 2.8 MB.
  dictionary ??= new WordList(readFileSync(wordListPath, 'utf8'))
  return dictionary
}

/** Whether a lower-case word is in the shipped English word list. */
export function isEnglishWord(word: string): boolean {
  return englishWords().has(word)
}

/** Known words of a page: its own words, counted, so a split word can be matched to itself. */
export type Vocabulary = ReadonlySet<string>

export function vocabularyOf(text: string): Vocabulary {
  return new Set((text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length > 2))
}

/** A hyphen at the end of a line: letter(s), then a hyphen or the Unicode hyphen. */
const LINE_END_HYPHEN = /(\p{L}+)[-\u2010]$/u
const LINE_START_WORD = /^(\p{Ll}+)/u
/** A word whose hyphen at the line end follows another inside it: "bitops-bitwise-". */
const COMPOUND_SO_FAR = /[-\u2010]\p{L}+[-\u2010]$/u

/** Whether a text ends in a hyphen or the Unicode hyphen (a line that may break a word). */
export function endsInHyphen(text: string): boolean {
  const last = text.charCodeAt(text.length - 1)
  return last === 0x2d || last === 0x2010
}

/**
 * Joins a line ending in a hyphen to the next line. The hyphen goes when the joined word is a
 * word (in the word list or elsewhere in the block): "hyphen-" + "ation". It stays, without the
 * line break, where the joined form is not a word and the hyphen is a compound's: both halves are
 * words ("well-" + "known"); in English text, the first half is one ("access-" + "fannkuch", a
 * benchmark's name, not "accessfannkuch"); or the word already holds a hyphen ("bitops-bitwise-"
 * + "and"). With no evidence either way (a German "Übungsauf-" + "gaben", whose words the English
 * list lacks) the hyphen goes: a line-end hyphen is far more often a break than a compound's. A
 * one-letter first half keeps its hyphen ("L-" + "asparaginase", "e-" + "mail"): typesetting
 * never breaks a word after its first letter.
 */
export function joinHyphenated(
  left: string,
  right: string,
  page: Vocabulary
): { text: string; joined: boolean } | null {
  // The text so far grows row by row: a regex run over all of it for every row is quadratic.
  if (!endsInHyphen(left)) return null
  // The broken word holds no space: it is looked for after the last one, not in all of the text.
  const lastSpace = Math.max(left.lastIndexOf(' '), left.lastIndexOf('\n'))
  const token = left.slice(lastSpace + 1)
  const end = LINE_END_HYPHEN.exec(token)
  const start = LINE_START_WORD.exec(right)
  if (!end || !start) return null
  const known = (w: string): boolean => englishWords().has(w) || page.has(w)
  const first = end[1]!
  const kept = { text: left + right, joined: false }
  const joined = { text: left.slice(0, -1) + right, joined: true }
  if (first.length === 1) return kept
  if (known((first + start[1]!).toLowerCase())) return joined
  const half = known(first.toLowerCase())
  const compound =
    COMPOUND_SO_FAR.test(token) ||
    (half && (known(start[1]!) || (first.length >= MIN_HALF && isEnglish(page))))
  return compound ? kept : joined
}

/** A first half this long that is a word makes a compound: "pre-" or "re-" say less. */
const MIN_HALF = 4

/**
 * Share of a text's words the English list holds, above which the text is English: a first half
 * the list knows is then a word of the text's own language. In German prose the list knows a
 * fifth of the words, and "Wider-" + "spruchsbeweisen" is one word broken; in English prose it
 * knows nine in ten.
 */
const ENGLISH = 0.6
const english = new WeakMap<Vocabulary, boolean>()

function isEnglish(vocabulary: Vocabulary): boolean {
  let answer = english.get(vocabulary)
  if (answer === undefined) {
    let known = 0
    for (const w of vocabulary) if (englishWords().has(w)) known++
    answer = vocabulary.size > 0 && known >= vocabulary.size * ENGLISH
    english.set(vocabulary, answer)
  }
  return answer
}
