import type { MapSource } from '../shared/font-map.js'
import type { PageLayout } from '../shared/layout.js'
import type { Check } from './check.js'
import { letterProfile } from './garbled-text.js'
import { wideLetterWords } from './wide-letters.js'

const FROM: Readonly<Record<MapSource, string>> = {
  ocr: 'learned from OCR of its glyphs',
  reviewer: "learned from a reviewer's corrected words",
  edited: 'edited by a reviewer'
}

/**
 * A run of this many letters is no word: English and French words stop short of it, and a
 * German compound that reaches it is rare enough on one page. A map that reads a space as a
 * letter glues whole sentences ("Thefdegreeftofwhichfanfindividual").
 */
const SALAD_LETTERS = 20
/** Two such runs in the repaired text, not one long compound, say the map is wrong. */
const SALAD_WORDS = 2
/** Vowels among the repaired text's letters below garbled-text's bound: letters swapped. */
const MIN_VOWEL_SHARE = 0.22
const MIN_LETTERS = 100

/** The text drawn with the given fonts, line by line. */
function textOf(layout: PageLayout, fonts: ReadonlySet<string>): string {
  const lines: string[] = []
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      const text = line.spans.map((span) => (fonts.has(span.font) ? span.text : ' ')).join('')
      if (text.trim() !== '') lines.push(text)
    }
  }
  return lines.join('\n')
}

/** Why the repaired text does not read as words, or null when it does. */
export function letterSalad(text: string): string | null {
  const glued = [...new Set(text.match(new RegExp(`\\p{L}{${SALAD_LETTERS},}`, 'gu')) ?? [])]
  if (glued.length >= SALAD_WORDS) {
    return `${glued.length} runs of ${SALAD_LETTERS} or more letters (${glued.slice(0, 2).join(', ')})`
  }
  const profile = letterProfile(text)
  if (profile.letters >= MIN_LETTERS && profile.vowelShare < MIN_VOWEL_SHARE) {
    return `${Math.round(100 * profile.vowelShare)}% vowels among its letters`
  }
  return null
}

/**
 * Text drawn with a font whose map Recto repaired (src-main/repair/): the glyphs are where they
 * always were, their characters come from the learned map, and the reviewer should know where
 * that map came from. Text that reads as letter salad sends the page to review: the map is
 * still wrong, whatever the other checks say of the page. So does a map that gives a glyph far
 * wider than its letter (a ligature read as one letter, wide-letters.ts): letters are lost.
 */
export const fontRepaired: Check = ({ layout }) => {
  const fonts = layout.fonts.filter((font) => font.repair !== undefined)
  if (fonts.length === 0) return []
  const first = fonts[0]!
  const others = fonts.length > 1 ? ` and ${fonts.length - 1} more` : ''
  const salad = letterSalad(textOf(layout, new Set(fonts.map((font) => font.baseFont))))
  const wide = wideLetterWords(layout)
  const lost =
    wide.length === 0
      ? ''
      : `; ${wide.length} words have a glyph far wider than its letter, letters lost (${wide.slice(0, 3).join(', ')})`
  return [
    {
      code: 'font_repaired',
      severity: salad || wide.length > 0 ? 'warn' : 'info',
      message:
        `text of font ${first.resource} (${first.baseFont})${others} was read with a repaired map, ${FROM[first.repair!]}` +
        (salad ? `, and does not read as words: ${salad}` : '') +
        lost,
      evidence: {
        fonts: fonts.map((font) => ({
          resource: font.resource,
          baseFont: font.baseFont,
          source: font.repair
        })),
        ...(salad ? { salad } : {}),
        wideLetterWords: wide
      }
    }
  ]
}
