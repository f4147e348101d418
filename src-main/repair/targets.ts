import { charStats, isPrivateUse } from '../checks/char-stats.js'
import { unmappedReason } from '../checks/font-mapping.js'
import type { PageLayout } from '../shared/layout.js'

/**
 * A font whose own characters are at least this share U+FFFD or private use is unmapped, whatever
 * its dictionary says; fewer are stray symbols (check boxes, a math sign) not worth a repair.
 */
const UNMAPPED_SHARE = 0.5
/** Letters a font must draw on a page before their frequencies say anything (math italics, a table of codes and a few words stay under). */
const MIN_LETTERS = 200
/**
 * Letter frequencies of English text (per mille, a to z). French, German, Spanish and Dutch text
 * are close to it (cosine 0.85–0.95); an alphabet shifted by one letter is far (0.3–0.5).
 */
const LETTER_FREQUENCY = [
  82, 15, 28, 43, 127, 22, 20, 61, 70, 2, 8, 40, 24, 67, 75, 19, 1, 60, 63, 91, 28, 10, 24, 2, 20, 1
]
/** Below this cosine to LETTER_FREQUENCY a font's letters are not a Latin-script language. */
const MIN_LETTER_COSINE = 0.7

/** Cosine of a text's a–z letter counts (accents stripped, case folded) to LETTER_FREQUENCY. */
export function letterCosine(text: string): { letters: number; cosine: number } {
  const counts = new Array<number>(26).fill(0)
  let letters = 0
  for (const ch of text.normalize('NFD').toLowerCase()) {
    const i = ch.charCodeAt(0) - 97
    if (i < 0 || i >= 26) continue
    counts[i]!++
    letters++
  }
  let dot = 0
  let norm = 0
  let ref = 0
  counts.forEach((count, i) => {
    const f = LETTER_FREQUENCY[i]!
    dot += count * f
    norm += count * count
    ref += f * f
  })
  return { letters, cosine: letters === 0 ? 1 : dot / Math.sqrt(norm * ref) }
}

function fontText(layout: PageLayout): Map<string, string> {
  const text = new Map<string, string>()
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      for (const span of line.spans) {
        text.set(span.font, (text.get(span.font) ?? '') + span.text + ' ')
      }
    }
  }
  return text
}

/**
 * A font that leaves a letter unmapped everywhere (a Type3 font's "c": "Spee\ufffdh",
 * "Gerla\ufffdh") or maps some glyphs and not others has holes in this many distinct words at
 * least: the threshold at which unmapped_glyphs says a letter is missing.
 */
const HOLED_WORDS = 5

function isUnmapped(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0
  return cp === 0xfffd || isPrivateUse(cp)
}

/** Distinct words of a font's text with an unmapped glyph beside a letter. */
function holedWords(text: string): number {
  const words = new Set<string>()
  for (const word of text.split(/\s+/u)) {
    const chars = [...word]
    const holed = chars.some(
      (ch, i) =>
        isUnmapped(ch) && (/\p{L}/u.test(chars[i - 1] ?? '') || /\p{L}/u.test(chars[i + 1] ?? ''))
    )
    if (holed) words.add(word.toLowerCase())
  }
  return words.size
}

/**
 * Why each font whose text the page cannot be trusted with needs repair: `replace` when what it
 * maps is wrong or absent (no usable map to Unicode, font-mapping.ts; letters whose frequencies
 * are not those of a Latin-script language, a broken or shifted /ToUnicode), `fill` when what it
 * maps is right but some glyphs have no Unicode (most of its characters, or holes in words):
 * those holes are learned and the rest kept.
 */
export function repairKinds(layout: PageLayout): Map<string, 'replace' | 'fill'> {
  const kinds = new Map<string, 'replace' | 'fill'>()
  for (const [name, counts] of charStats(layout).byFont) {
    if (counts.chars === 0) continue
    if (counts.replacement + counts.privateUse >= UNMAPPED_SHARE * counts.chars) {
      kinds.set(name, 'fill')
    }
  }
  for (const [name, text] of fontText(layout)) {
    if (!kinds.has(name) && holedWords(text) >= HOLED_WORDS) kinds.set(name, 'fill')
    const profile = letterCosine(text)
    if (profile.letters >= MIN_LETTERS && profile.cosine < MIN_LETTER_COSINE) {
      kinds.set(name, 'replace')
    }
  }
  for (const font of layout.fonts) {
    if (unmappedReason(font) !== null) kinds.set(font.baseFont, 'replace')
  }
  return kinds
}

/** Names (as MuPDF gives them) of the fonts whose text the page cannot be trusted with. */
export function fontsToRepair(layout: PageLayout): Set<string> {
  return new Set(repairKinds(layout).keys())
}
