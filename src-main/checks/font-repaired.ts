import type { MapSource } from '../shared/font-map.js'
import type { Check } from './check.js'

const FROM: Readonly<Record<MapSource, string>> = {
  ocr: 'learned from OCR of its glyphs',
  reviewer: "learned from a reviewer's corrected words",
  edited: 'edited by a reviewer'
}

/**
 * Text drawn with a font whose map Recto repaired (src-main/repair/): the glyphs are where they
 * always were, their characters come from the learned map, and the reviewer should know where
 * that map came from.
 */
export const fontRepaired: Check = ({ layout }) => {
  const fonts = layout.fonts.filter((font) => font.repair !== undefined)
  if (fonts.length === 0) return []
  const first = fonts[0]!
  const others = fonts.length > 1 ? ` and ${fonts.length - 1} more` : ''
  return [
    {
      code: 'font_repaired',
      severity: 'info',
      message: `text of font ${first.resource} (${first.baseFont})${others} was read with a repaired map, ${FROM[first.repair!]}`,
      evidence: {
        fonts: fonts.map((font) => ({
          resource: font.resource,
          baseFont: font.baseFont,
          source: font.repair
        }))
      }
    }
  ]
}
