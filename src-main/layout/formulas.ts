import {
  drawnLine,
  drawnText,
  shareRow,
  type BBox,
  type Block,
  type BlockRole,
  type PageLayout
} from '../shared/layout.js'
import { isCjk } from '../shared/cjk.js'
import { size } from './block-rows.js'
import { normalizeText } from './normalize.js'

/** Signs of mathematics: operators, relations, big operators, arrows. A hyphen is no sign. */
const MATH_SIGN = /[=+−×÷∑∏∫∮√≤≥≈≠≡∈∉⊂⊆∪∩∞∂∇±∓→⇒⇔↦∀∃]/u

/** Fonts that set mathematics (TeX's, STIX, Cambria Math, the PDF Symbol font). */
const MATH_FONT = /^(CM(MI|SY|EX)|MSBM|MSAM|STIX|Symbol|.*Math)/iu

/** A word of prose: three letters running, other than a function's name (sin, log, lim…). */
const WORD = /\p{L}{3,}/gu
const FUNCTION_NAME =
  /^(sin|cos|tan|cot|sec|csc|log|exp|lim|max|min|sup|inf|det|deg|dim|ker|arg|mod|gcd)$/u

/** A formula has at most this many lines of its own: a longer block is a paragraph. */
const MAX_LINES = 6

/** A piece that sits in a formula's stack (a limit, a denominator, an exponent) is this short. */
const PIECE_CHARS = 12

/**
 * Stops at the first word of prose: most blocks asked are prose, and gathering every match of a
 * block's text first was most of what marking formulas cost.
 */
function hasProse(text: string): boolean {
  for (const m of text.matchAll(WORD)) if (!FUNCTION_NAME.test(m[0])) return true
  return false
}

function mathFont(block: Block): boolean {
  return block.lines.some((l) =>
    l.spans.some((s) => MATH_FONT.test(s.font.replace(/^[A-Z]{6}\+/u, '')))
  )
}

/**
 * A piece of display mathematics: a short block without a word of prose, with a sign of
 * mathematics in its text or its font.
 */
export function isFormula(block: Block): boolean {
  if (block.lines.length > MAX_LINES) return false
  const text = drawnText(block).trim()
  // A form's "□是√否" is checkboxes beside words of a script without spaces.
  if (text === '' || hasProse(text) || [...text].some(isCjk)) return false
  return MATH_SIGN.test(text) || (mathFont(block) && /\p{L}/u.test(text))
}

/** Boxes that touch or nearly (within `reach`) both ways: pieces of one stacked formula. */
function near(a: BBox, b: BBox, reach: number): boolean {
  const dx = Math.max(a[0] - b[2], b[0] - a[2], 0)
  const dy = Math.max(a[1] - b[3], b[1] - a[3], 0)
  return dx <= reach && dy <= reach
}

/**
 * Marks display formulas as `formula`: body blocks without prose whose text or font is
 * mathematics, with the short pieces stacked at them (a sum's limits, a fraction's denominator,
 * an equation's number) that MuPDF set apart as blocks of their own. A formula piece that shares
 * its row with a line of prose is inline mathematics and stays in its paragraph. Marked before
 * headings, so that a formula set large is never taken for one.
 */
export function markFormulas(
  layout: PageLayout,
  roles: BlockRole[],
  tables: readonly (readonly number[])[]
): void {
  const inTable = new Set(tables.flat())
  const body = layout.blocks.filter((b) => roles[b.id] === 'body' && !inTable.has(b.id))
  const prose = body.filter((b) => hasProse(drawnText(b)))
  const inline = (b: Block): boolean => prose.some((p) => shareRow(p.bbox, b.bbox))
  const formulas = new Set(body.filter((b) => isFormula(b) && !inline(b)))
  let grown = true
  while (grown) {
    grown = false
    for (const block of body) {
      if (formulas.has(block) || hasProse(drawnText(block))) continue
      if (drawnText(block).replace(/\s/gu, '').length > PIECE_CHARS) continue
      const reach = size(block)
      if ([...formulas].some((f) => near(f.bbox, block.bbox, reach))) {
        formulas.add(block)
        grown = true
      }
    }
  }
  for (const block of formulas) roles[block.id] = 'formula'
}

/**
 * A formula's lines, top down: the pieces of its blocks that share a row read left to right on
 * one line ("∑ k = n(n + 1)"), the rows of its stack ("n" above, "k=1 2" below) each a line.
 */
export function formulaLines(blocks: readonly Block[]): string[] {
  const pieces = blocks
    .flatMap((b) => b.lines)
    .map((line) => ({ bbox: line.bbox, text: normalizeText(drawnLine(line)).trim() }))
    .filter((p) => p.text !== '')
    .sort((a, b) => a.bbox[1] - b.bbox[1])
  const rows: (typeof pieces)[] = []
  for (const piece of pieces) {
    const row = rows.find((r) => r.some((p) => shareRow(p.bbox, piece.bbox)))
    if (row) row.push(piece)
    else rows.push([piece])
  }
  return rows.map((row) =>
    row
      .sort((a, b) => a.bbox[0] - b.bbox[0])
      .map((p) => p.text)
      .join(' ')
  )
}
