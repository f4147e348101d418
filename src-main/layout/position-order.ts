import type { Box } from './order-box.js'

/** How far two tops may differ and still sit on one row of a table or form, in frame points. */
export const ROW_TOLERANCE = 3

/**
 * Boxes that overlap in both directions (a display formula's pieces, a drop cap, noise) are read
 * in rows, each row along the line. A box joins the row when they share at least half the height
 * of the shorter of the two: the pieces of a formula sit around one axis but their tops differ
 * ("γ(t) =" is centred on the fraction beside it, whose numerator starts higher), so reading by
 * tops alone put the numerator before the left-hand side. Lines of a paragraph share far less
 * than half a line with the next, so they stay rows of their own.
 */
export function byPosition(items: readonly Box[], rtl: boolean): Box[] {
  const sorted = [...items].sort(
    (a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0] || a.id - b.id
  )
  const leading = leadingBlocks(sorted)
  const led = new Set([...leading.values()].flat())
  const withLeaders = (b: Box): Box[] => [...(leading.get(b) ?? []).flatMap(withLeaders), b]
  const ordered = withBraces(rowsOf(sorted).map((row) => alongRow(row, rtl))).flat()
  return ordered.flatMap((b) => (led.has(b) ? [] : withLeaders(b)))
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.min(a1, b1) - Math.max(a0, b0)
}

/**
 * A row whose every box spans exactly two or more neighbouring boxes of the row above (within a
 * point at both ends) and starts within its own height under them is a row of underbraces, each
 * with its label ("( λ 0 0 λ⁻¹ )" over "⏟ =:Aλ"): each is read right after what it braces, not
 * after the whole row ("… mit t, λ ∈ R×").
 */
function withBraces(rows: readonly Box[][]): Box[][] {
  const out: Box[][] = []
  for (const row of rows) {
    const above = out[out.length - 1]
    const ends = above ? row.map((b) => bracedEnd(above, b)) : []
    if (!above || ends.some((e) => e < 0)) {
      out.push([...row])
      continue
    }
    const placed = row.map((b, i) => ({ b, after: above[ends[i]!]! }))
    out[out.length - 1] = above.flatMap((a) => [
      a,
      ...placed.filter((p) => p.after === a).map((p) => p.b)
    ])
  }
  return out
}

/** Index of the last box of the run of two or more in `row` that `brace` spans, or -1. */
function bracedEnd(row: readonly Box[], brace: Box): number {
  const [x0, y0, x1, y1] = brace.box
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= 1
  for (let i = 0; i < row.length; i++) {
    if (!near(row[i]!.box[0], x0)) continue
    let j = i
    let reach = row[i]!.box[2]
    while (j + 1 < row.length && row[j + 1]!.box[0] >= x0 - 1 && row[j + 1]!.box[2] <= x1 + 1) {
      j++
      reach = Math.max(reach, row[j]!.box[2])
    }
    const bottom = Math.max(...row.slice(i, j + 1).map((b) => b.box[3]))
    if (j > i && near(reach, x1) && y0 - bottom <= y1 - y0) return j
  }
  return -1
}

/** Boxes sorted by top, grouped into rows as `byPosition` says. */
function rowsOf(sorted: readonly Box[]): Box[][] {
  const rows: Box[][] = []
  let top = 0
  let bottom = 0
  for (const item of sorted) {
    const [, y0, , y1] = item.box
    const shared = overlap(top, bottom, y0, y1)
    const row = rows[rows.length - 1]
    if (row && shared > 0 && shared >= Math.min(y1 - y0, bottom - top) / 2) {
      row.push(item)
      bottom = Math.max(bottom, y1)
    } else {
      rows.push([item])
      top = y0
      bottom = y1
    }
  }
  return rows
}

/**
 * One row along the line, each box placed where its text starts (`start`, read left to right).
 * Boxes standing over one another within it (a numerator and its denominator, an operator and
 * its limits, a drop cap and its paragraph) are a stack and read top down: a box joins the stack
 * before it when more than half of the narrower one lies over the other.
 */
function alongRow(row: readonly Box[], rtl: boolean): Box[] {
  const start = (b: Box): number => (rtl ? -b.box[2] : (b.start ?? b.box[0]))
  const sorted = [...row].sort((a, b) => start(a) - start(b) || a.box[1] - b.box[1] || a.id - b.id)
  const stacks: Box[][] = []
  let x0 = 0
  let x1 = 0
  for (const item of sorted) {
    const [a0, , a1] = item.box
    const stack = stacks[stacks.length - 1]
    const shared = overlap(x0, x1, a0, a1)
    if (stack && shared > Math.min(a1 - a0, x1 - x0) / 2) {
      stack.push(item)
      x0 = Math.min(x0, a0)
      x1 = Math.max(x1, a1)
    } else {
      stacks.push([item])
      x0 = a0
      x1 = a1
    }
  }
  return stacks.flatMap((s) => topDown(s, start))
}

/**
 * A stack top down, boxes whose tops lie within a row's tolerance of each other along the line
 * by where their text starts: they begin on one line, so neither stands over the other. A
 * block that wraps under the box before it ("a) Das Differential dA =" / "√det(I)du1du2 heißt
 * … / metrisierung F.") starts a point higher only because its radical sign stands taller; a
 * form's line number ("10a", f1040nr) is set 2 pt below the top of its line's text, and the
 * pieces of a display formula sit around one axis, not on one top.
 */
function topDown(stack: readonly Box[], start: (b: Box) => number): Box[] {
  const sorted = [...stack].sort(
    (a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0] || a.id - b.id
  )
  const rows: Box[][] = []
  for (const item of sorted) {
    const row = rows[rows.length - 1]
    if (row && item.box[1] - row[0]!.box[1] <= ROW_TOLERANCE) row.push(item)
    else rows.push([item])
  }
  return rows.flatMap((r) =>
    r.sort((a, b) => start(a) - start(b) || a.box[1] - b.box[1] || a.id - b.id)
  )
}

function inside(outer: Box, inner: Box): boolean {
  const [x0, y0, x1, y1] = outer.box
  const [a0, b0, a1, b1] = inner.box
  return a0 >= x0 && b0 >= y0 && a1 <= x1 && b1 <= y1
}

/**
 * One-line blocks lying inside a block of many lines that start on its first row, alone or in a
 * run going down from there: cells of a table's header row that MuPDF left outside the block
 * holding the rest of the table ("to water / kg/year" inside "to land / kg/year / rows…",
 * eu-001). They are read before the block around them, not after all its rows. Taller inner
 * blocks and short outer ones (form fields, figure labels, vertical CJK) keep the plain order.
 */
const TABLE_LINES = 5

function leadingBlocks(sorted: readonly Box[]): Map<Box, Box[]> {
  const leading = new Map<Box, Box[]>()
  const taken = new Set<Box>()
  for (const outer of sorted) {
    if (outer.lines < TABLE_LINES) continue
    let reach = outer.box[1]
    const run: Box[] = []
    for (const inner of sorted) {
      if (inner === outer || taken.has(inner) || !inside(outer, inner)) continue
      if (inner.box[1] - reach > ROW_TOLERANCE || inner.lines > 1) break
      run.push(inner)
      reach = Math.max(reach, inner.box[3])
    }
    if (run.length === 0) continue
    run.forEach((b) => taken.add(b))
    leading.set(outer, run)
  }
  return leading
}
