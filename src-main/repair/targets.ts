import { charStats } from '../checks/char-stats.js'
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
 * Names (as MuPDF gives them) of the fonts whose text the page cannot be trusted with: no usable
 * map to Unicode (font-mapping.ts), most of their characters without one, or letters whose
 * frequencies are not those of a Latin-script language (a broken or shifted /ToUnicode).
 */
export function fontsToRepair(layout: PageLayout): Set<string> {
  const names = new Set<string>()
  for (const font of layout.fonts) if (unmappedReason(font) !== null) names.add(font.baseFont)
  for (const [name, counts] of charStats(layout).byFont) {
    if (
      counts.chars > 0 &&
      counts.replacement + counts.privateUse >= UNMAPPED_SHARE * counts.chars
    ) {
      names.add(name)
    }
  }
  for (const [name, text] of fontText(layout)) {
    const profile = letterCosine(text)
    if (profile.letters >= MIN_LETTERS && profile.cosine < MIN_LETTER_COSINE) names.add(name)
  }
  return names
}
