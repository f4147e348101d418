import type { MapSource } from '../shared/font-map.js'
import type { Check } from './check.js'
import { wideLetterWords } from './wide-letters.js'

const FROM: Readonly<Record<MapSource, string>> = {
  ocr: 'learned from OCR of its glyphs',
  reviewer: "learned from a reviewer's corrected words",
  edited: 'edited by a reviewer'
}

/**
 * Text drawn with a font whose map Recto repaired (src-main/repair/): the glyphs are where they
 * always were, their characters come from the learned map, and the reviewer should know where
 * that map came from. A page where the map gives a glyph far wider than its letter (a ligature
 * read as one letter, wide-letters.ts) still loses letters: a person should look.
 */
export const fontRepaired: Check = ({ layout }) => {
  const fonts = layout.fonts.filter((font) => font.repair !== undefined)
  if (fonts.length === 0) return []
  const first = fonts[0]!
  const others = fonts.length > 1 ? ` and ${fonts.length - 1} more` : ''
  const wide = wideLetterWords(layout)
  const lost =
    wide.length === 0
      ? ''
      : `; ${wide.length} words have a glyph far wider than its letter, letters lost (${wide.slice(0, 3).join(', ')})`
  return [
    {
      code: 'font_repaired',
      severity: wide.length === 0 ? 'info' : 'warn',
      message: `text of font ${first.resource} (${first.baseFont})${others} was read with a repaired map, ${FROM[first.repair!]}${lost}`,
      evidence: {
        fonts: fonts.map((font) => ({
          resource: font.resource,
          baseFont: font.baseFont,
          source: font.repair
        })),
        wideLetterWords: wide
      }
    }
  ]
}
