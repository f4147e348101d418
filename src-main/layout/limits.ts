import type { Box } from './xy-cut.js'

/** N-ary operators TeX sets with limits above and below in display formulas. */
const OPERATOR = /^[∑∏∐⋃⋂∫∬∭∮⨀⨁⨂⨄⨆⋀⋁]$/u

/** A limit is short: an index range ("i∈N,i̸=j", "M⊆A / A abgeschlossen"), not a line of text. */
const LIMIT_LINES = 2
const LIMIT_CHARS = 24

/**
 * The blocks under each lone n-ary operator that are its lower limits: centred under it (their
 * middle within its width) and starting within one and a half body lines below it, or below a
 * limit already found. TeX's display limits are their own lines, so the cut reads them after
 * whatever else shares their row or after the formula's slice ("⋃ U heißt Inneres oder offener /
 * U⊆M / U∈T Kern von M"); a reader takes them with the operator, as the source writes them
 * (\bigcup_{U⊆M, U∈T} U).
 */
function lowerLimits(
  operator: Box,
  boxes: readonly Box[],
  em: number,
  isLimit: (b: Box) => boolean
): Box[] {
  const [x0, , x1] = operator.box
  const limits: Box[] = []
  let bottom = operator.box[3]
  for (const b of [...boxes].sort((a, c) => a.box[1] - c.box[1])) {
    if (b === operator || b.box[1] < bottom - 1) continue
    const middle = (b.box[0] + b.box[2]) / 2
    if (middle < x0 || middle > x1 || b.box[1] - bottom > 1.5 * em || !isLimit(b)) continue
    limits.push(b)
    bottom = b.box[3]
  }
  return limits
}

/**
 * The order with each lone operator's lower limits moved right after it. `text` is a block's
 * text, `em` the body size.
 */
export function withLimits(
  order: readonly number[],
  boxes: readonly Box[],
  text: (id: number) => string,
  em: number
): number[] {
  const byId = new Map(boxes.map((b) => [b.id, b]))
  const isLimit = (b: Box): boolean =>
    b.lines <= LIMIT_LINES && text(b.id).replace(/\s/g, '').length <= LIMIT_CHARS
  const moved = new Map<number, number[]>()
  const taken = new Set<number>()
  for (const id of order) {
    const box = byId.get(id)
    if (!box || !OPERATOR.test(text(id).trim())) continue
    const limits = lowerLimits(box, boxes, em, isLimit).filter(
      (b) => !taken.has(b.id) && !OPERATOR.test(text(b.id).trim())
    )
    if (limits.length === 0) continue
    limits.forEach((b) => taken.add(b.id))
    moved.set(
      id,
      limits.map((b) => b.id)
    )
  }
  if (moved.size === 0) return [...order]
  return order.flatMap((id) => (taken.has(id) ? [] : [id, ...(moved.get(id) ?? [])]))
}
