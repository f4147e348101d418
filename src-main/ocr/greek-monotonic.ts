/**
 * Greek as it has been written since 1982: one accent (tonos) a word, no breathings. Tesseract's
 * Greek model knows the polytonic letters too and reads a tonos as the smooth breathing or the
 * grave beside it ("διοικητικὀ", "κατὰ", "ἑτοὺυς" on a generated page: CER 0.042); each such mark
 * becomes a tonos, and a word keeps its first.
 */
export function monotonicGreek(word: string): string {
  let accented = false
  let out = ''
  for (const char of word.normalize('NFD')) {
    if (!MARKS.has(char)) {
      out += char
      continue
    }
    if (char === IOTA_BELOW || accented) continue
    accented = true
    out += TONOS
  }
  return out.normalize('NFC')
}

const TONOS = '\u0301'
const IOTA_BELOW = '\u0345'
/** Tonos, grave, circumflex (perispomeni), the two breathings, and iota below. */
const MARKS = new Set([TONOS, '\u0300', '\u0342', '\u0313', '\u0314', IOTA_BELOW])
