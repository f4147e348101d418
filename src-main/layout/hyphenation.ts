import { readFileSync } from 'node:fs'
import wordListPath from 'word-list'
import { WordList } from './word-list.js'

let dictionary: WordList | null = null

function words(): WordList {
  // A list shipped with the app (not the system's /usr/share/dict) so a page's text is the same
  // on every machine.
  dictionary ??= new WordList(readFileSync(wordListPath, 'utf8').toLowerCase())
  return dictionary
}

/** Known words of a page: its own words, counted, so a split word can be matched to itself. */
export type Vocabulary = ReadonlySet<string>

export function vocabularyOf(text: string): Vocabulary {
  return new Set((text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length > 2))
}

/** A hyphen at the end of a line: letter(s), then a hyphen or the Unicode hyphen. */
const LINE_END_HYPHEN = /(\p{L}+)[-\u2010]$/u
const LINE_START_WORD = /^(\p{Ll}+)/u

/** Whether a text ends in a hyphen or the Unicode hyphen (a line that may break a word). */
export function endsInHyphen(text: string): boolean {
  const last = text.charCodeAt(text.length - 1)
  return last === 0x2d || last === 0x2010
}

/**
 * Joins a line ending in a hyphen to the next line. The hyphen goes when the joined word is a
 * word (in the word list or elsewhere in the block): "hyphen-" + "ation". It stays, without the
 * line break, when both halves are words and the joined form is not: "well-" + "known" gives
 * "well-known". With no evidence either way (a German "Übungsauf-" + "gaben", whose words the
 * English list lacks) the hyphen goes: a line-end hyphen is far more often a break than a
 * compound's. A one-letter first half keeps its hyphen ("L-" + "asparaginase", "e-" + "mail"):
 * typesetting never breaks a word after its first letter.
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
  const end = LINE_END_HYPHEN.exec(left.slice(lastSpace + 1))
  const start = LINE_START_WORD.exec(right)
  if (!end || !start) return null
  const known = (w: string): boolean => words().has(w) || page.has(w)
  const joinedWord = (end[1]! + start[1]!).toLowerCase()
  const halves = known(end[1]!.toLowerCase()) && known(start[1]!)
  const head = left.slice(0, -1)
  if (end[1]!.length === 1) return { text: left + right, joined: false }
  if (known(joinedWord) || !halves) return { text: head + right, joined: true }
  return { text: left + right, joined: false }
}
