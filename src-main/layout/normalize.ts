/**
 * Text as it is indexed and compared: NFKC (the ﬁ ligature becomes "fi", full-width forms and
 * non-breaking spaces become plain ones), a pair of single quotes that TeX-made files draw for a
 * double quote (‘‘…’’) becomes one (“…”), TeX's copyright and registered signs (a "c" or "R"
 * set inside a drawn circle, read as the letter and U+20DD) become © and ®, runs of spaces and
 * tabs become one space, and lines lose the spaces at their ends.
 */
export function normalizeText(text: string): string {
  if (isPlainAscii(text)) return text.trim()
  return text
    .normalize('NFKC')
    .replace(/\u2018\u2018/g, '\u201c')
    .replace(/\u2019\u2019/g, '\u201d')
    .replace(/c\u20dd/g, '\u00a9')
    .replace(/R\u20dd/g, '\u00ae')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim()
}

/**
 * Printable ASCII with no two spaces in a row: text that NFKC and every rewrite above leave as it
 * is but for its ends. Close to half the corpus's blocks are such text, spared seven passes.
 */
function isPlainAscii(text: string): boolean {
  let space = false
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit < 0x20 || unit > 0x7e || (space && unit === 0x20)) return false
    space = unit === 0x20
  }
  return true
}
