import { drawnForm } from '../layout/normalize.js'

/**
 * A gold transcription as a file: as drawn but for ligatures, presentation forms and
 * compatibility spaces (`drawnForm`, DESIGN.md), so "ﬁ" and "fi" compare equal downstream; Unix
 * line ends, no trailing spaces on lines, one final newline. Pages of a per-document entry are
 * joined by a form feed, as `recto text` prints them. A U+FEFF opening a page goes with the blank
 * lines there: at the start of a file every reader takes it for a byte-order mark and drops it,
 * so the entry read back differed from what was exported (a property test's finding).
 */
export function goldText(pageTexts: readonly string[]): string {
  const pages = pageTexts.map((text) =>
    drawnForm(text)
      .replace(/\r\n?/gu, '\n')
      .replace(/[ \t]+$/gmu, '')
      .replace(/^[\n\uFEFF]+|\n+$/gu, '')
  )
  const joined = pages.join('\f')
  return joined === '' ? '' : `${joined}\n`
}
