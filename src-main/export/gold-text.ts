import { drawnForm } from '../layout/normalize.js'

/**
 * A gold transcription as a file: as drawn but for ligatures, presentation forms and
 * compatibility spaces (`drawnForm`, DESIGN.md), so "ﬁ" and "fi" compare equal downstream; Unix
 * line ends, no trailing spaces on lines, one final newline. Pages of a per-document entry are
 * joined by a form feed, as `recto text` prints them.
 */
export function goldText(pageTexts: readonly string[]): string {
  const pages = pageTexts.map((text) =>
    drawnForm(text)
      .replace(/\r\n?/gu, '\n')
      .replace(/[ \t]+$/gmu, '')
      .replace(/^\n+|\n+$/gu, '')
  )
  const joined = pages.join('\f')
  return joined === '' ? '' : `${joined}\n`
}
