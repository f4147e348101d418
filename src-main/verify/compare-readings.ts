import { isEnglishWord } from '../layout/hyphenation.js'

/** A sampled line as its font's map gives it and as OCR reads its rendered glyphs. */
export type LineReading = Readonly<{ map: string; glyphs: string }>

export type ReadingComparison = Readonly<{
  /** Words of the map's text compared (two characters or more, on lines OCR read). */
  sampled: number
  /** Of those, the ones OCR read nothing close to. */
  differ: number
  /**
   * How much of the map's letters the glyphs show (0 to 1): in order (one minus the edit
   * distance over the longer, spaces left out: small capitals, words the map glues), and on
   * right-to-left lines the better of that and the letters shared in any order (Persian fonts
   * drawn right to left give their words in another order).
   */
  likeness: number
  /** The first line whose words differ most, as the map and the glyphs read it. */
  map: string
  glyphs: string
}>

const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u

/** Variants of one letter that fonts and OCR models choose between (Persian and Arabic kaf, yeh). */
const FOLD: Readonly<Record<string, string>> = { ک: 'ك', ی: 'ي', ى: 'ي', ة: 'ه', ۀ: 'ه' }

/** Text as compared: NFKC (a presentation form is its letter), lower case, no tatweel, variants folded. */
export function foldLetters(text: string): string {
  return [...text.normalize('NFKC').toLowerCase().replaceAll('\u0640', '')]
    .map((ch) => FOLD[ch] ?? ch)
    .join('')
}

function words(text: string): string[] {
  return foldLetters(text)
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((word) => [...word].length >= 2)
}

function letters(text: string): string[] {
  return [...foldLetters(text)].filter((ch) => /[\p{L}\p{N}]/u.test(ch))
}

function distance(x: readonly string[], y: readonly string[]): number {
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j)
  for (let i = 1; i <= x.length; i++) {
    const current = [i]
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost
      )
    }
    previous = current
  }
  return previous[y.length] ?? 0
}

/** Letters the two share counted with their multiplicity, whatever their order. */
function shared(x: readonly string[], y: readonly string[]): number {
  const counts = new Map<string, number>()
  for (const ch of x) counts.set(ch, (counts.get(ch) ?? 0) + 1)
  let common = 0
  for (const ch of y) {
    const left = counts.get(ch) ?? 0
    if (left > 0) {
      common++
      counts.set(ch, left - 1)
    }
  }
  return common
}

/**
 * A map's word agrees with the glyphs when OCR read a word of the same line within a quarter of
 * its characters (OCR slips a letter in a long word; a shifted alphabet changes every one), or
 * the glyphs' letters hold it whole (a map that glues words OCR sets apart).
 */
function agrees(word: string, read: readonly string[], joined: string): boolean {
  const chars = [...word]
  const allowed = Math.floor(chars.length / 4)
  return joined.includes(word) || read.some((other) => distance(chars, [...other]) <= allowed)
}

/**
 * How far a font's map and its glyphs' shapes disagree over the sampled lines. A line OCR read
 * no word of says nothing either way (a crop too small, a script its model lacks) and is left out.
 */
export function compareReadings(lines: readonly LineReading[]): ReadingComparison {
  let sampled = 0
  let differ = 0
  let total = 0
  let inBag = 0
  let worst = { share: -1, map: '', glyphs: '' }
  for (const line of lines) {
    const read = words(line.glyphs)
    if (read.length === 0) continue
    const joined = read.join('')
    const mapped = words(line.map)
    const wrong = mapped.filter((word) => !agrees(word, read, joined)).length
    sampled += mapped.length
    differ += wrong
    const a = letters(line.map)
    const b = letters(line.glyphs)
    const longer = Math.max(a.length, b.length)
    total += longer
    const order = longer - distance(a, b)
    // Right-to-left lines may come in another word order; a Latin alphabet shifted by one keeps
    // most of its bag of letters (each lands on a neighbour as common), so only order counts there.
    inBag += RIGHT_TO_LEFT.test(line.map) ? Math.max(order, shared(a, b)) : order
    const share = mapped.length === 0 ? 0 : wrong / mapped.length
    if (share > worst.share) worst = { share, map: line.map.trim(), glyphs: line.glyphs.trim() }
  }
  const likeness = total === 0 ? 1 : inBag / total
  return { sampled, differ, likeness, map: worst.map, glyphs: worst.glyphs }
}

/** Words compared below which a verdict is left unsaid. */
const MIN_SAMPLED = 3
/** Share of the compared words OCR read otherwise past which the map is wrong, not OCR. */
const WRONG_SHARE = 0.5
/**
 * Likeness below which the letters are other letters: OCR of clean print keeps 0.9 and more of
 * them; an alphabet shifted by one keeps about a third (the letters it lands on), in no order.
 */
const MIN_LIKENESS = 0.6

/** Whether the comparison says the map gives other letters than the glyphs show. */
export function mapDisagrees(comparison: ReadingComparison): boolean {
  return (
    comparison.sampled >= MIN_SAMPLED &&
    comparison.differ > WRONG_SHARE * comparison.sampled &&
    comparison.likeness < MIN_LIKENESS
  )
}

/**
 * A word of an OCR layer that is likely a misreading: letters and digits mixed ("a3"), or three
 * letters or more the English word list lacks ("karthv", "duug"). Names and terms are doubtful
 * too; the image, reading them the same, clears them.
 */
export function doubtfulWord(word: string): boolean {
  if (/\p{N}/u.test(word)) return /\p{L}/u.test(word)
  return [...word].length >= 3 && !isEnglishWord(word)
}

/** Edits within which OCR's word is the layer's word misread: one in a short word, two in a long. */
function withinReach(layer: readonly string[], image: readonly string[]): boolean {
  const allowed = layer.length >= 5 ? 2 : 1
  const edits = distance(layer, image)
  return edits > 0 && edits <= allowed
}

/**
 * The words of an OCR layer's line that are no words where OCR of the line's image reads, one
 * or two letters from them, an English word ("karthv" where the scan shows "earthy"). OCR's own
 * slips go the other way, a word read as a non-word, and count for nothing.
 */
export function layerCorrections(reading: LineReading): Readonly<{
  sampled: number
  corrections: readonly Readonly<{ layer: string; image: string }>[]
}> {
  const read = tokens(reading.glyphs)
  if (read.length === 0) return { sampled: 0, corrections: [] }
  const folded = read.map(foldLetters)
  const layer = tokens(reading.map)
  const corrections: { layer: string; image: string }[] = []
  for (const token of layer) {
    const word = foldLetters(token)
    if (!doubtfulWord(word) || folded.includes(word)) continue
    const found = folded.findIndex(
      (other) => !doubtfulWord(other) && withinReach([...word], [...other])
    )
    if (found >= 0) corrections.push({ layer: token, image: read[found] ?? '' })
  }
  return { sampled: layer.length, corrections }
}

/** A line's words as printed, as words() takes them: two characters or more. */
function tokens(text: string): string[] {
  return text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((token) => [...foldLetters(token)].length >= 2)
}
