/**
 * The stderr line for a page MuPDF could not read, in the `recto: <file>: <reason>` form of a bad
 * file's: the page's text is missing from the output, and the user piping it must hear so.
 */
export function damageWarning(file: string, page: number, damage: string): string {
  return `recto: ${file}: page ${page} is damaged (${damage}); its text is missing\n`
}
