/**
 * How far a text is normalised: `drawn` (the default) rewrites only what no reader wants as drawn
 * (see `drawnForm`); `nfkc` is Unicode's compatibility form on top of it, for pipelines whose
 * tokenizers or search indexes want "E = mc2", "1⁄2" and ASCII brackets.
 */
export const TEXT_FORMS = ['drawn', 'nfkc'] as const
export type TextForm = (typeof TEXT_FORMS)[number]

/**
 * Characters a page draws that stand for other text: ligatures (ﬁ is "fi"), Hebrew and Arabic
 * presentation forms (a letter's shape in its place in the word, and lam-alef ligatures),
 * compatibility spaces and soft hyphens. Full-width punctuation, superscripts, fractions, ™ and
 * the ellipsis mean what they show, and NFKC would rewrite them too ("（" to "(", "²" to "2").
 */
const MUST_NORMALISE = /[\u00a0\u00ad\u2000-\u200a\u202f\u205f\u3000\ufb00-\ufdff\ufe70-\ufefe]/gu

function normaliseOne(ch: string): string {
  if (ch === '\u00ad') return ''
  if (/\s/u.test(ch)) return ' '
  return ch.normalize('NFKC')
}

/** A text with only the characters of `MUST_NORMALISE` rewritten: everything else as drawn. */
export function drawnForm(text: string): string {
  return text.replace(MUST_NORMALISE, normaliseOne)
}

/**
 * A text in the form a pipeline asked for: the one place NFKC is applied to Recto's output, so
 * `recto text` and the exports give the same text for the same option.
 */
export function inForm(text: string, form: TextForm): string {
  const drawn = drawnForm(text)
  return form === 'nfkc' ? drawn.normalize('NFKC') : drawn
}

/**
 * Text as it is indexed and compared: `drawnForm`, a pair of single quotes that TeX-made files
 * draw for a double quote (‘‘…’’) becomes one (“…”), TeX's copyright and registered signs (a "c"
 * or "R" set inside a drawn circle, read as the letter and U+20DD) become © and ®, runs of spaces
 * and tabs become one space, and lines lose the spaces at their ends.
 */
export function normalizeText(text: string): string {
  if (isPlainAscii(text)) return text.trim()
  return drawnForm(text)
    .replace(/\u2018\u2018/g, '\u201c')
    .replace(/\u2019\u2019/g, '\u201d')
    .replace(/c\u20dd/g, '\u00a9')
    .replace(/R\u20dd/g, '\u00ae')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim()
}

/**
 * Printable ASCII with no two spaces in a row: text that every rewrite above leaves as it is but
 * for its ends. Close to half the corpus's blocks are such text, spared seven passes.
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
