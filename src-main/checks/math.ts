import type { Check } from './check.js'

/** TeX's and Office's math fonts, and the Symbol font formulas are set in. */
const MATH_FONT =
  /(^|[+,-])(CMMI|CMSY|CMEX|CMBSY|MSAM|MSBM|EUFM|EUEX|rsfs|LMMath|STIX|XITS|Asana|CambriaMath|Cambria-Math|Cambria Math|Symbol|MT-Extra|MTExtra|Euclid|MathematicalPi|Math)/i
const MATH_SYMBOL = /[\u2200-\u22ff\u27c0-\u27ef\u2980-\u2aff\u{1d400}-\u{1d7ff}∑∫√∞]/gu

/**
 * 20 characters in math fonts, or 5 math operators (∑ ∫ ≤ ∈ …): a formula or two. A single
 * "≤" in prose or a few Symbol-font bullets stay below both.
 */
const MIN_MATH_FONT_CHARS = 20
const MIN_SYMBOLS = 5

/** Formulas: their text is linearised and loses sub- and superscripts; worth a look for math. */
export const math: Check = ({ layout, rawText }) => {
  let fontChars = 0
  const fonts = new Set<string>()
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      for (const span of line.spans) {
        if (!MATH_FONT.test(span.font.replace(/^[A-Z]{6}\+/, ''))) continue
        // Symbol-font bullets are not math.
        const n = span.text.replace(/[\s•·\u2022\uf0b7]/gu, '').length
        if (n === 0) continue
        fontChars += n
        fonts.add(span.font)
      }
    }
  }
  const symbols = rawText.match(MATH_SYMBOL)?.length ?? 0
  if (fontChars < MIN_MATH_FONT_CHARS && symbols < MIN_SYMBOLS) return []
  return [
    {
      code: 'math',
      severity: 'info',
      message: `math content: ${fontChars} characters in math fonts${fonts.size ? ` (${[...fonts].slice(0, 3).join(', ')})` : ''}, ${symbols} math symbols`,
      evidence: { fontChars, symbols, fonts: [...fonts] }
    }
  ]
}
