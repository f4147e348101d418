import { drawnLine, type Line } from './layout.js'

/** A bullet or dash that opens a list item: "•", "–", "*". */
export const BULLET = '[•·▪◦●○■□►▸‣⁃∙–—*-]'

/** A bullet or dash ("•", "–", "*"), a number ("1.", "2)"), a letter ("a)", "(c)"), a roman numeral ("(iv)"). */
const MARK = String.raw`${BULLET}|\d{1,3}[.)]|\(\d{1,3}\)|[a-z][.)]|\([a-z]\)|\([ivx]{1,5}\)|[ivx]{1,5}[.)]`

/** What opens a list item, followed by a space and the item's text. */
export const LIST_MARKER = new RegExp(String.raw`^(${MARK})\s+(?=\S)`, 'u')

/** A list's mark with nothing after it, drawn apart from its item: a "o" drawn as a bullet too. */
export const MARK_ALONE = new RegExp(String.raw`^(?:${BULLET}|\d{1,3}[.)]|o)$`, 'u')

/** A line that opens with a marker, or is one alone (a bullet drawn apart from its text). */
export const MARKER_START = new RegExp(String.raw`^(${MARK})(\s|$)`, 'u')

/**
 * A letter "o" set as a bullet (a word processor's list whose symbol font was lost) before an
 * item in capitals: "o Archive: since the flood". Layout's lists do not take it, as a sentence in
 * Portuguese or Italian may open with the article; the page's columns do (opensItem, hangingEdge),
 * two such lines and more at one edge.
 */
const LETTER_BULLET = /^o(?:\s+(?=\p{Lu})|$)/u

/** A line that opens a list's item: with a marker, or a letter "o" set as a bullet. */
export function opensItem(line: Line): boolean {
  const text = drawnLine(line).trimStart()
  return MARKER_START.test(text) || LETTER_BULLET.test(text)
}

/** Two lines or more of `lines` open a list's item: a list, not one line that looks like one. */
export const listsItems = (lines: readonly Line[]): boolean => lines.filter(opensItem).length >= 2

/**
 * Where a list item's text starts right of its marker ("* Railway: …" at its "R"): the edge the
 * item's wrapped lines hang at. Null for a line that opens with no marker.
 */
export function hangingEdge(line: Line): number | null {
  const text = drawnLine(line)
  const trimmed = text.trimStart()
  const marker = LIST_MARKER.exec(trimmed) ?? LETTER_BULLET.exec(trimmed)
  if (!marker || marker[0].trim() === marker[0]) return null
  let skip = [...text].length - [...trimmed].length + [...marker[0]].length
  for (const span of line.spans) {
    const chars = [...span.text].length
    if (skip < chars) return span.charX[2 * skip] ?? null
    skip -= chars
  }
  return null
}
