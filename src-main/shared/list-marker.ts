import { drawnLine, type Line } from './layout.js'

/** A bullet or dash ("•", "–", "*"), a number ("1.", "2)"), a letter ("a)", "(c)"), a roman numeral ("(iv)"). */
const MARK = String.raw`[•·▪◦●○■□►▸‣⁃∙–—*-]|\d{1,3}[.)]|\(\d{1,3}\)|[a-z][.)]|\([a-z]\)|\([ivx]{1,5}\)|[ivx]{1,5}[.)]`

/** What opens a list item, followed by a space and the item's text. */
export const LIST_MARKER = new RegExp(String.raw`^(${MARK})\s+(?=\S)`, 'u')

/** A line that opens with a marker, or is one alone (a bullet drawn apart from its text). */
export const MARKER_START = new RegExp(String.raw`^(${MARK})(\s|$)`, 'u')

/**
 * Where a list item's text starts right of its marker ("* Railway: …" at its "R"): the edge the
 * item's wrapped lines hang at. Null for a line that opens with no marker.
 */
export function hangingEdge(line: Line): number | null {
  const text = drawnLine(line)
  const marker = LIST_MARKER.exec(text.trimStart())
  if (!marker) return null
  let skip = [...text].length - [...text.trimStart()].length + [...marker[0]].length
  for (const span of line.spans) {
    const chars = [...span.text].length
    if (skip < chars) return span.charX[2 * skip] ?? null
    skip -= chars
  }
  return null
}
