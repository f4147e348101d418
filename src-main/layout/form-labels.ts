import { drawnText, shareRow, type Block } from '../shared/layout.js'

/** A form's label: one line ending in a colon, ASCII or full-width. */
const LABEL_END = /[:：]\s*$/u

/**
 * How far below its label a value may start, in the label's line heights: a boxed form leaves
 * half a line between them (test_3854: 7.3 pt under labels 9.7 pt tall).
 */
const VALUE_GAP = 1.5

/**
 * A form lays out fields as a row of labels with their values in the row under them ("Ocean
 * Vessel/Voy(船名航次):" over "/", "Port of Loading(起运港):" over "XINGANG,CHINA"); read row
 * by row, every label came before every value, and which value belongs to which label was lost.
 * Where the order reads such a row of labels and then the row under it, each label is followed
 * by the values that start under it. A label with nothing under it keeps its place.
 */
export function pairFormLabels(order: readonly number[], blocks: readonly Block[]): number[] {
  const out = [...order]
  let i = 0
  while (i < out.length) {
    const labels = rowRun(out, i, blocks, isLabel)
    if (labels.length < 2) {
      i++
      continue
    }
    const values = rowRun(out, i + labels.length, blocks, () => true)
    const next = rowRun(out, i + labels.length + values.length, blocks, () => true)
    // A second row of values under the first is a table's, whose header cells end in colons:
    // it is read row by row.
    const table = next.length >= 2 && pairs(labels, next, blocks, values) !== null
    const paired = table ? null : pairs(labels, values, blocks)
    if (paired) out.splice(i, labels.length + values.length, ...paired)
    i += labels.length + (paired ? values.length : 0)
  }
  return out
}

function isLabel(block: Block): boolean {
  return block.lines.length === 1 && LABEL_END.test(drawnText(block))
}

/** The blocks from `start` on in the order that share the first one's row and pass `test`. */
function rowRun(
  order: readonly number[],
  start: number,
  blocks: readonly Block[],
  test: (b: Block) => boolean
): number[] {
  const first = blocks[order[start] ?? -1]
  if (!first || !test(first)) return []
  const run = [first.id]
  for (let k = start + 1; k < order.length; k++) {
    const b = blocks[order[k]!]
    if (!b || !test(b) || !shareRow(first.bbox, b.bbox)) break
    run.push(b.id)
  }
  return run
}

/**
 * Labels left to right, each followed by the values that start under it (from its left edge to
 * the next label's); null unless every value stands under a label, within VALUE_GAP lines of it
 * (or of the row `above` the values, when given).
 */
function pairs(
  labels: readonly number[],
  values: readonly number[],
  blocks: readonly Block[],
  above: readonly number[] = labels
) {
  if (values.length === 0) return null
  const ls = labels.map((id) => blocks[id]!).sort((a, b) => a.bbox[0] - b.bbox[0])
  const under = new Map<number, number[]>(ls.map((l) => [l.id, []]))
  const floor = Math.max(...above.map((id) => blocks[id]!.bbox[3]))
  for (const id of values) {
    const value = blocks[id]!
    const k = ls.findLastIndex((l) => l.bbox[0] <= value.bbox[0] + 1)
    const label = ls[k]
    if (!label) return null
    const height = label.bbox[3] - label.bbox[1]
    const gap = value.bbox[1] - floor
    if (gap < 0 || gap > height * VALUE_GAP) return null
    under.get(label.id)!.push(id)
  }
  return ls.flatMap((l) => [l.id, ...under.get(l.id)!])
}
