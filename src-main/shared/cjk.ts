/**
 * Han, kana and full-width forms: scripts written without spaces between words, so lines and
 * glyphs join with nothing between them. Hangul is left out: Korean puts spaces between words.
 */
const CJK = /[\u2e80-\u2fff\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u

/** The lowest code unit CJK matches: text below it everywhere needs no regex. */
const FIRST_CJK_UNIT = 0x2e80

export function isCjk(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) >= FIRST_CJK_UNIT) return CJK.test(text)
  }
  return false
}

/**
 * One CJK glyph, or two (a kana and its voicing mark drawn as a glyph of its own): what MuPDF
 * puts on each line of vertical writing.
 */
export function isCjkGlyph(text: string): boolean {
  // Rows ask this of whole lines: most fail at their first letters, without spreading the line.
  let chars = 0
  for (const c of text) {
    if (c.trim() === '') continue
    chars++
    if (chars > 2 || !isCjk(c)) return false
  }
  return chars > 0
}

/**
 * CJK glyphs further apart than this many ems stand a full-width space apart or more: the cells
 * of a table row ("本报告期  上年同期"), an article number and its text. Justified CJK spreads
 * its glyphs by a fraction of that, and a vertical font's comma, boxed half a cell low, leaves
 * 0.75 em before it.
 */
export const FULL_WIDTH_GAP = 0.9
