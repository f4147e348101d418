import { drawnLine, type PageLayout } from '../shared/layout.js'
import type { Check } from './check.js'

/** TeX's and Office's math fonts, and the Symbol font formulas are set in. */
export const MATH_FONT =
  /(^|[+,-])(CMMI|CMSY|CMEX|CMBSY|MSAM|MSBM|EUFM|EUEX|rsfs|LMMath|STIX|XITS|Asana|CambriaMath|Cambria-Math|Cambria Math|Symbol|MT-Extra|MTExtra|Euclid|MathematicalPi|Math)/i
const MATH_SYMBOL = /[\u2200-\u22ff\u27c0-\u27ef\u2980-\u2aff\u{1d400}-\u{1d7ff}∑∫√∞]/gu

/**
 * 20 characters in math fonts, or 5 math operators (∑ ∫ ≤ ∈ …): a formula or two. A single
 * "≤" in prose or a few Symbol-font bullets stay below both.
 */
const MIN_MATH_FONT_CHARS = 20
const MIN_SYMBOLS = 5

/** Relations and operators a formula is written with, ASCII ones included. */
const OPERATOR = /^[=<>+±×÷·−–≤≥≠≈≡∼∝∑∏∫√∞∈∉⊂⊆∪∩→⇒⇔]$/u
/** Any of OPERATOR's characters: most lines hold none, and are then no formula without being split. */
const ANY_OPERATOR = /[=<>+±×÷·−–≤≥≠≈≡∼∝∑∏∫√∞∈∉⊂⊆∪∩→⇒⇔]/u

/**
 * A line written as a formula: a relation or operator standing as a word of its own, and most of
 * its other words one or two characters long, a variable or a number ("f(x) = ax2 + bx + c",
 * "E = mc2"), which sentences with an equals sign ("we set n = 3 for the rest"), costs
 * ("1 work-hour × $85 per hour = $85") and code are not.
 */
function isFormula(line: string): boolean {
  if (!ANY_OPERATOR.test(line)) return false
  const words = line.trim().split(/\s+/u)
  const operators = words.filter((w) => OPERATOR.test(w)).length
  if (operators === 0) return false
  // Brackets, commas and stops stand apart in code ("( SESSION_USER , 'MGR' ) = 1").
  const terms = words
    .filter((w) => !OPERATOR.test(w))
    .map((w) => w.replace(/[()[\]{},.;:'"]/gu, ''))
    .filter((w) => w !== '')
  if (terms.length < 2) return false
  const short = terms.filter((w) => [...w].length <= 2).length
  return short * 2 >= terms.length
}

/** The page's formula lines, as drawn. */
export function formulaLines(layout: PageLayout): string[] {
  return layout.blocks.flatMap((b) => b.lines.map(drawnLine).filter(isFormula))
}

/**
 * Formulas set in text fonts (Times italic variables, ASCII "=" and "+", digits raised as
 * exponents) carry neither a math font nor math symbols; three formula lines make a page of
 * formulas.
 */
const MIN_FORMULA_LINES = 3

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
  const formulas = formulaLines(layout)
  if (
    fontChars < MIN_MATH_FONT_CHARS &&
    symbols < MIN_SYMBOLS &&
    formulas.length < MIN_FORMULA_LINES
  ) {
    return []
  }
  return [
    {
      code: 'math',
      severity: 'info',
      message: `math content: ${fontChars} characters in math fonts${fonts.size ? ` (${[...fonts].slice(0, 3).join(', ')})` : ''}, ${symbols} math symbols, ${formulas.length} formula lines${formulas.length ? ` (e.g. "${formulas[0]?.trim()}")` : ''}`,
      evidence: { fontChars, symbols, fonts: [...fonts], formulaLines: formulas.length }
    }
  ]
}
