import { letterProfile } from '../checks/garbled-text.js'
import { charStats } from '../checks/char-stats.js'
import { unmappedReason } from '../checks/font-mapping.js'
import type { PageLayout } from '../shared/layout.js'

/**
 * A font whose own characters are at least this share U+FFFD or private use is unmapped, whatever
 * its dictionary says; fewer are stray symbols (check boxes, a math sign) not worth a repair.
 */
const UNMAPPED_SHARE = 0.5
/** Letters a font must draw on a page before its vowel share says anything (garbled-text.ts). */
const MIN_LETTERS = 100
/** The garbled-text check's line: clean text has 31–45% vowels, a shifted alphabet 7%. */
const MIN_VOWEL_SHARE = 0.22

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
 * map to Unicode (font-mapping.ts), most of their characters without one, or letters that are not
 * language (a broken or shifted /ToUnicode).
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
    const profile = letterProfile(text)
    if (profile.letters >= MIN_LETTERS && profile.vowelShare < MIN_VOWEL_SHARE) names.add(name)
  }
  return names
}
