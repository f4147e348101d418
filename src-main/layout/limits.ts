import { boundsOf } from '../shared/layout.js'
import type { Box } from './order-box.js'

/** N-ary operators TeX sets with limits above and below in display formulas. */
const OPERATOR = /[∑∏∐⋃⋂∫∬∭∮⨀⨁⨂⨄⨆⋀⋁]$/u
const INTEGRAL = /[∫∬∭∮]$/u

/**
 * An operator block is the operator alone, or with an upper limit MuPDF put in the same block
 * ("n⋂", "dim K ∑"): a few characters ending in the operator.
 */
const OPERATOR_CHARS = 8

/** A limit is short: an index range ("i∈N,i̸=j", "M⊆A / A abgeschlossen"), not a line of text. */
const LIMIT_LINES = 2
const LIMIT_CHARS = 24

/**
 * A limit is set in script size, 70-80% of the text (8 pt to 10-11 pt in TeX), so at most 85% of
 * the body size: a heading or a line of text under a formula is set larger.
 */
const SCRIPT_SIZE = 0.85

/** Limits stand within one and a half body lines of the operator (or of the limit before). */
const LIMIT_GAP = 1.5

/**
 * The short blocks centred over or under `operator` (their middle within its width), each within
 * one and a half body lines of it or of the limit next to it.
 */
function limitsOf(
  operator: Box,
  text: string,
  boxes: readonly Box[],
  em: number,
  isLimit: (b: Box) => boolean
) {
  const [x0, y0, x1, y1] = operator.box
  const integral = INTEGRAL.test(text.trim())
  const centred = boxes.filter((b) => {
    const middle = (b.box[0] + b.box[2]) / 2
    // An integral's limits stand at its right, as sub- and superscripts (TeX's \nolimits).
    const beside = integral && b.box[0] >= x0 && b.box[0] <= x1 + em / 2
    return b !== operator && ((middle >= x0 && middle <= x1) || beside) && isLimit(b)
  })
  const below: Box[] = []
  let bottom = y1
  for (const b of [...centred].sort((a, c) => a.box[1] - c.box[1])) {
    if (b.box[1] < bottom - 1 || b.box[1] - bottom > LIMIT_GAP * em) continue
    below.push(b)
    bottom = b.box[3]
  }
  const above: Box[] = []
  let top = y0
  for (const b of [...centred].sort((a, c) => c.box[3] - a.box[3])) {
    if (b.box[3] > top + 1 || top - b.box[3] > LIMIT_GAP * em || below.includes(b)) continue
    above.unshift(b)
    top = b.box[1]
  }
  return { above, below }
}

export type Grouped = Readonly<{
  /** The boxes to cut, with each operator and its limits as one box. */
  boxes: Box[]
  /** The blocks a grouped box stands for, in reading order: upper limits, operator, lower. */
  members: ReadonlyMap<number, readonly number[]>
}>

/**
 * Display operators with their limits, each group as one box spanning them all. TeX sets a
 * display operator's limits as lines of their own above and below it, and MuPDF's box of a
 * cmex operator covers only its top, so the cut read them apart: the lower limits after the
 * rest of the row or after the formula's slice ("⋃ U heißt Inneres oder offener / U⊆M / U∈T"),
 * an operator with its upper limit before the left-hand side ("dim K ∑ χ(K) :="). As one box
 * the group takes its place along the formula's row, read top down inside.
 */
export function groupOperators(
  boxes: readonly Box[],
  text: (id: number) => string,
  size: (id: number) => number,
  em: number
): Grouped {
  const chars = (b: Box): number => text(b.id).replace(/\s/g, '').length
  const isOperator = (b: Box): boolean =>
    OPERATOR.test(text(b.id).trim()) && chars(b) <= OPERATOR_CHARS
  // Limits are set in script size; a heading or a line of text under a formula is not.
  const isLimit = (b: Box): boolean =>
    b.lines <= LIMIT_LINES &&
    chars(b) <= LIMIT_CHARS &&
    size(b.id) <= SCRIPT_SIZE * em &&
    !isOperator(b)
  const taken = new Set<Box>()
  const members = new Map<number, number[]>()
  const grouped: Box[] = []
  for (const op of [...boxes].sort((a, b) => a.box[1] - b.box[1] || a.id - b.id)) {
    if (taken.has(op) || !isOperator(op)) continue
    const { above, below } = limitsOf(op, text(op.id), boxes, em, isLimit)
    const group = [...above, op, ...below].filter((b) => b === op || !taken.has(b))
    if (group.length === 1) continue
    group.forEach((b) => taken.add(b))
    members.set(
      op.id,
      group.map((b) => b.id)
    )
    const lines = group.reduce((n, b) => n + b.lines, 0)
    grouped.push({
      ...op,
      box: boundsOf(group.map((b) => b.box)),
      lines,
      lineChars: group.reduce((n, b) => n + b.lineChars * b.lines, 0) / lines,
      start: undefined
    })
  }
  return { boxes: [...boxes.filter((b) => !taken.has(b)), ...grouped], members }
}
