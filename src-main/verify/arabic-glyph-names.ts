/**
 * Arabic letters by the names fonts made for Windows give their glyphs ("tahfinal",
 * "behinitial", "alefisolated", "farsiyehmedial"): the letter's name, then its joining form.
 * Adobe's list names Arabic glyphs afii57xxx and `uniXXXX`; these come from the Unicode names of
 * the presentation forms ("ARABIC LETTER TAH FINAL FORM") and survive in subsets whose cmap no
 * longer says which character a glyph is.
 */
const LETTERS: ReadonlyMap<string, number> = new Map([
  ['hamza', 0x0621],
  ['alef', 0x0627],
  ['beh', 0x0628],
  ['tehmarbuta', 0x0629],
  ['teh', 0x062a],
  ['theh', 0x062b],
  ['jeem', 0x062c],
  ['hah', 0x062d],
  ['khah', 0x062e],
  ['dal', 0x062f],
  ['thal', 0x0630],
  ['reh', 0x0631],
  ['zain', 0x0632],
  ['seen', 0x0633],
  ['sheen', 0x0634],
  ['sad', 0x0635],
  ['dad', 0x0636],
  ['tah', 0x0637],
  ['zah', 0x0638],
  ['ain', 0x0639],
  ['ghain', 0x063a],
  ['feh', 0x0641],
  ['qaf', 0x0642],
  ['kaf', 0x0643],
  ['lam', 0x0644],
  ['meem', 0x0645],
  ['noon', 0x0646],
  ['heh', 0x0647],
  ['waw', 0x0648],
  ['alefmaksura', 0x0649],
  ['yeh', 0x064a],
  ['peh', 0x067e],
  ['tcheh', 0x0686],
  ['jeh', 0x0698],
  ['keheh', 0x06a9],
  ['gaf', 0x06af],
  ['farsiyeh', 0x06cc]
])

const NAME = /^([a-z]+?)(isolated|initial|medial|final)$/

/** The letter a glyph named in that style draws, whatever its form; undefined for other names. */
export function arabicGlyphNameText(name: string): string | undefined {
  const found = NAME.exec(name)
  const letter = found ? LETTERS.get(found[1]!) : undefined
  return letter === undefined ? undefined : String.fromCodePoint(letter)
}
