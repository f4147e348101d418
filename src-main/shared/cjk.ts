/**
 * Han, kana and full-width forms: scripts written without spaces between words, so lines and
 * glyphs join with nothing between them. Hangul is left out: Korean puts spaces between words.
 */
const CJK = /[\u2e80-\u2fff\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u

export function isCjk(ch: string): boolean {
  return CJK.test(ch)
}
