/**
 * A font whose map to Unicode disagrees with its glyphs' shapes: sampled lines of its text were
 * rendered, read by OCR, and OCR read other words than the map gives (src-main/verify/). Kept on
 * every page that draws with the font, for checks/glyph-shapes.ts to flag.
 */
export type GlyphShapeMismatch = Readonly<{
  /** The font's name as the page's spans carry it. */
  font: string
  /** Why its glyphs were read back: 'repaired', 'arabic' or 'odd letters'. */
  reason: string
  /** Words of the map's text compared, and how many of them OCR read otherwise. */
  sampled: number
  differ: number
  /** How much of the map's letters the glyphs show, 0 to 1 (verify/compare-readings.ts). */
  likeness: number
  /** One sampled line as the map reads it and as the glyphs read. */
  map: string
  glyphs: string
}>
