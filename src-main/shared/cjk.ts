/**
 * Han, kana and full-width forms: scripts written without spaces between words, so lines and
 * glyphs join with nothing between them. Hangul is left out: Korean puts spaces between words.
 */
const CJK = /[\u2e80-\u2fff\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u

export function isCjk(ch: string): boolean {
  return CJK.test(ch)
}

/**
 * One CJK glyph, or two (a kana and its voicing mark drawn as a glyph of its own): what MuPDF
 * puts on each line of vertical writing.
 */
export function isCjkGlyph(text: string): boolean {
  const chars = [...text].filter((c) => c.trim() !== '')
  return chars.length > 0 && chars.length <= 2 && chars.every(isCjk)
}

/**
 * CJK glyphs further apart than this many ems stand a full-width space apart or more: the cells
 * of a table row ("本报告期  上年同期"), an article number and its text. Justified CJK spreads
 * its glyphs by a fraction of that, and a vertical font's comma, boxed half a cell low, leaves
 * 0.75 em before it.
 */
export const FULL_WIDTH_GAP = 0.9
