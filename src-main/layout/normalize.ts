/**
 * Text as it is indexed and compared: NFKC (the ﬁ ligature becomes "fi", full-width forms and
 * non-breaking spaces become plain ones), a pair of single quotes that TeX-made files draw for a
 * double quote (‘‘…’’) becomes one (“…”), TeX's copyright and registered signs (a "c" or "R"
 * set inside a drawn circle, read as the letter and U+20DD) become © and ®, runs of spaces and
 * tabs become one space, and lines lose the spaces at their ends.
 */
export function normalizeText(text: string): string {
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
