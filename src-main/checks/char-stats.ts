import { isSpaceUnit } from '../shared/whitespace.js'
import type { PageLayout } from '../shared/layout.js'
import { memoize } from '../shared/memo.js'

export type FontCharStats = { chars: number; replacement: number; privateUse: number }

/** Counts over the page's non-whitespace characters, visible or not. */
export type CharStats = Readonly<{
  chars: number
  /** Every code point, whitespace included (the unit of `PageLayout.invisibleChars`). */
  codePoints: number
  /** U+FFFD: MuPDF found no Unicode for the glyph. */
  replacement: number
  /** Private-use code points: a font's own glyph ids passed off as characters. */
  privateUse: number
  /** Presentation-form ligatures (ﬁ, ﬂ, ﬃ …) that NFKC splits into letters. */
  ligatures: number
  /** The same counts per font name as MuPDF reports it (BaseFont, subset prefix included). */
  byFont: ReadonlyMap<string, FontCharStats>
}>

export function isPrivateUse(cp: number): boolean {
  return (cp >= 0xe000 && cp <= 0xf8ff) || cp >= 0xf0000
}

export function isLigature(cp: number): boolean {
  return (cp >= 0xfb00 && cp <= 0xfb06) || (cp >= 0xfb13 && cp <= 0xfb17)
}

/** Computed once per layout: every check of a page reads the same counts. */
export const charStats = memoize((layout: PageLayout): CharStats => {
  let chars = 0
  let codePoints = 0
  let replacement = 0
  let privateUse = 0
  let ligatures = 0
  const byFont = new Map<string, FontCharStats>()
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      for (const span of line.spans) {
        let font = byFont.get(span.font)
        if (!font) {
          font = { chars: 0, replacement: 0, privateUse: 0 }
          byFont.set(span.font, font)
        }
        for (const ch of span.text) {
          const cp = ch.codePointAt(0) ?? 0
          codePoints++
          if (cp <= 0x20 || isSpaceUnit(cp)) continue
          chars++
          font.chars++
          if (cp === 0xfffd) {
            replacement++
            font.replacement++
          } else if (isPrivateUse(cp)) {
            privateUse++
            font.privateUse++
          } else if (isLigature(cp)) ligatures++
        }
      }
    }
  }
  return { chars, codePoints, replacement, privateUse, ligatures, byFont }
})

/** Share of the page covered by images, 0..1 (overlapping images may add up; capped at 1). */
export function imageCoverage(layout: PageLayout): number {
  const area = layout.width * layout.height
  if (area <= 0) return 0
  let covered = 0
  for (const image of layout.images) {
    const [x0, y0, x1, y1] = image.bbox
    const w = Math.min(x1, layout.width) - Math.max(x0, 0)
    const h = Math.min(y1, layout.height) - Math.max(y0, 0)
    if (w > 0 && h > 0) covered += w * h
  }
  return Math.min(1, covered / area)
}

export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((100 * part) / whole) : 0
}
