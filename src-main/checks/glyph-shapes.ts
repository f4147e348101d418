import type { Flag } from '../shared/flags.js'
import { boundsOf, type PageLayout } from '../shared/layout.js'
import type { Spot } from '../shared/spots.js'
import type { Check } from './check.js'
import { charStats } from './char-stats.js'

/**
 * A font that draws this share of the page's characters with a wrong map leaves the text layer
 * unusable (the page goes to OCR); less of it (a heading, a caption) is for a person to fix.
 */
const OCR_SHARE = 0.5
/** Lines of the font marked on the page: enough to find them. */
const SPOTS = 10

function spotsOf(layout: PageLayout, font: string): Spot[] {
  const spots: Spot[] = []
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      const spans = line.spans.filter((span) => span.font === font)
      if (spans.length === 0 || spots.length >= SPOTS) continue
      spots.push({
        bbox: boundsOf(spans.map((s) => s.bbox)),
        note: `"${spans.map((s) => s.text).join('')}" in ${font}`
      })
    }
  }
  return spots
}

/**
 * glyph_mismatch: a font whose map gives other letters than its glyphs show, as OCR read a sample
 * of them back (verify/glyph-shapes.ts): "font F2: the map reads 'Jkjtltp', the glyphs read
 * 'Library' (12 of 14 sampled words differ)". The page's text in that font is wrong however
 * plausible its letters look, so the page is never ok.
 */
export const glyphShapes: Check = ({ layout }) => {
  if (!layout.glyphShapes || layout.glyphShapes.length === 0) return []
  const stats = charStats(layout)
  return layout.glyphShapes.map((mismatch): Flag => {
    const drawn = stats.byFont.get(mismatch.font)?.chars ?? 0
    const share = stats.chars === 0 ? 0 : drawn / stats.chars
    const resource = layout.fonts.find((f) => f.baseFont === mismatch.font)?.resource
    const label = resource ? `font ${resource} (${mismatch.font})` : `font ${mismatch.font}`
    return {
      code: 'glyph_mismatch',
      severity: share >= OCR_SHARE ? 'error' : 'warn',
      message: `${label}: the map reads '${mismatch.map}', the glyphs read '${mismatch.glyphs}' (${mismatch.differ} of ${mismatch.sampled} sampled words differ)`,
      evidence: {
        font: mismatch.font,
        reason: mismatch.reason,
        sampled: mismatch.sampled,
        differ: mismatch.differ,
        likeness: mismatch.likeness,
        map: mismatch.map,
        glyphs: mismatch.glyphs,
        chars: drawn,
        spots: spotsOf(layout, mismatch.font)
      }
    }
  })
}
