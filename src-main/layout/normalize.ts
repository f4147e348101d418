/**
 * Text as it is indexed and compared: NFKC (the ﬁ ligature becomes "fi", full-width forms and
 * non-breaking spaces become plain ones), runs of spaces and tabs become one space, and lines
 * lose the spaces at their ends.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim()
}
