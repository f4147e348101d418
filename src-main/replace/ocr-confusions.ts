/**
 * Letters OCR reads for others, most common first: a word that is not a word of its page's
 * language but becomes one with a pair swapped back is likely such a misreading.
 */
export const OCR_CONFUSIONS: readonly (readonly [read: string, meant: string])[] = [
  ['rn', 'm'],
  ['m', 'rn'],
  ['cl', 'd'],
  ['vv', 'w'],
  ['li', 'h'],
  ['ii', 'u'],
  ['0', 'o'],
  ['1', 'l'],
  ['l', 'i'],
  ['I', 'l']
]

/** In a number: letters read for the digits they look like. */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = { l: '1', I: '1', O: '0', o: '0' }

export type Suggestion = Readonly<{ word: string; fixed: string; read: string; meant: string }>

/** Each form of `word` with one occurrence of `read` swapped for `meant`. */
function swaps(word: string, read: string, meant: string): string[] {
  const forms: string[] = []
  for (let at = word.indexOf(read); at >= 0; at = word.indexOf(read, at + 1)) {
    forms.push(word.slice(0, at) + meant + word.slice(at + read.length))
  }
  return forms
}

/**
 * What `word` was probably meant to be, where it is not a known word of its language
 * (`known`, given lower-cased words) and one swap of a common confusion makes it one; a run of
 * digits with a letter among them (`l995`, `2O15`) becomes the digits. Null where nothing fits.
 */
export function suggestFix(word: string, known: (lower: string) => boolean): Suggestion | null {
  if (/^[\dlIOo]+$/.test(word) && /\d.*\d/.test(word) && /[lIOo]/.test(word)) {
    const fixed = [...word].map((ch) => DIGIT_LOOKALIKES[ch] ?? ch).join('')
    const letter = [...word].find((ch) => DIGIT_LOOKALIKES[ch]) ?? ''
    return { word, fixed, read: letter, meant: DIGIT_LOOKALIKES[letter] ?? '' }
  }
  if (word.length < 3 || !/\p{L}/u.test(word) || known(word.toLowerCase())) return null
  for (const [read, meant] of OCR_CONFUSIONS) {
    for (const fixed of swaps(word, read, meant)) {
      if (/\d/.test(fixed)) continue
      if (known(fixed.toLowerCase())) return { word, fixed, read, meant }
    }
  }
  return null
}
