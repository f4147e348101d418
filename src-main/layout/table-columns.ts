/** A piece of a table row drawn apart from its neighbours: a cell, or a part of a spanning one. */
export type Atom = Readonly<{ x0: number; x1: number; y0: number; y1: number; text: string }>

/** A column's extent along the row, in points. */
export type ColumnSpan = readonly [number, number]

/** Coverage is counted in steps of this many points. */
const STEP = 0.25

/**
 * A gap narrower than this many ems is a rounding between boxes, not a column's margin: cells of
 * one column left-, right-, decimal-aligned or centred always share some stretch of the row.
 */
const MIN_GUTTER = 0.15

/**
 * The share of rows that may cross a gap that the other rows leave open and still be spanning
 * cells over it (a group header over two columns) rather than a sign that there is no gap.
 */
const SPANNING_ROWS = 0.2

/**
 * The table's columns from where its rows leave space: every stretch of the row that no cell
 * covers (or only a few spanning cells do) parts two columns. Alignment needs no rule of its
 * own: left-aligned cells share their starts, right-aligned figures their ends, decimal-aligned
 * ones their points, so the cells of one column always overlap, while a gap between columns,
 * however narrow (numbers right-aligned a few points from the next column's text), is open in
 * every row.
 */
export function tableColumns(rows: readonly (readonly Atom[])[], em: number): ColumnSpan[] {
  const atoms = rows.flat()
  if (atoms.length === 0) return []
  const lo = Math.min(...atoms.map((a) => a.x0))
  const hi = Math.max(...atoms.map((a) => a.x1))
  const bins = Math.max(1, Math.ceil((hi - lo) / STEP))
  const cover = new Array<number>(bins).fill(0)
  // Rows of most cells say where the columns are; a group's row ("Chemistry" over the number
  // and the topic of the rows below) or a wrapped label's second line only falls into them.
  const most = Math.max(...rows.map((r) => r.length))
  const full = rows.filter((r) => r.length >= Math.max(2, Math.ceil(most / 2)))
  for (const row of full) {
    const own = new Uint8Array(bins)
    for (const a of row) {
      const from = Math.max(0, Math.floor((a.x0 - lo) / STEP))
      const to = Math.min(bins, Math.ceil((a.x1 - lo) / STEP))
      for (let i = from; i < to; i++) own[i] = 1
    }
    for (let i = 0; i < bins; i++) cover[i]! += own[i]!
  }
  const allowed = Math.floor(full.length * SPANNING_ROWS)
  closeLoneCells(full, cover, allowed, lo)
  const gutters: Array<[number, number]> = []
  let start = -1
  for (let i = 0; i <= bins; i++) {
    const open = i < bins && cover[i]! <= allowed
    if (open && start < 0) start = i
    if (!open && start >= 0) {
      const from = lo + start * STEP
      const to = lo + i * STEP
      const empty = cover.slice(start, i).every((c) => c === 0)
      // A gap some rows cross is a gutter only where it is a column's margin wide.
      if (to - from >= em * (empty ? MIN_GUTTER : 2 * MIN_GUTTER) && start > 0 && i < bins) {
        gutters.push([from, to])
      }
      start = -1
    }
  }
  const columns: ColumnSpan[] = []
  let left = lo
  for (const [from, to] of gutters) {
    columns.push([left, from])
    left = to
  }
  columns.push([left, hi])
  return columns
}

/**
 * A cell standing wholly inside a stretch the other rows leave open, between two columns its
 * own row fills with cells of their own, spans no gutter: it is a column that only it fills (a
 * column holding its header alone), and its stretch is closed in `cover`. A header set off
 * beside its column of figures stays theirs, and so does a cell at the table's edge (a stub's
 * label over a list of items).
 */
function closeLoneCells(
  full: readonly (readonly Atom[])[],
  cover: number[],
  allowed: number,
  lo: number
): void {
  const bins = cover.length
  const open = (i: number): boolean => i < 0 || i >= bins || cover[i]! <= allowed
  const binOf = (x: number): number => Math.max(0, Math.floor((x - lo) / STEP))
  for (const row of full) {
    for (const a of row) {
      const from = binOf(a.x0)
      const to = Math.min(bins, Math.ceil((a.x1 - lo) / STEP))
      let alone = true
      for (let i = from - 1; i <= to && alone; i++) alone = open(i)
      if (!alone) continue
      // The columns on either side, as runs of covered bins, each must hold a cell of the row.
      let left = from - 1
      while (left >= 0 && open(left)) left--
      let right = to
      while (right < bins && open(right)) right++
      let leftEnd = left
      while (leftEnd > 0 && !open(leftEnd - 1)) leftEnd--
      let rightEnd = right
      while (rightEnd < bins - 1 && !open(rightEnd + 1)) rightEnd++
      const held = (i: number, j: number): boolean =>
        i >= 0 && j < bins && row.some((b) => b !== a && binOf(b.x0) <= j && binOf(b.x1) >= i)
      if (held(leftEnd, left) && held(right, rightEnd)) cover.fill(allowed + 1, from, to)
    }
  }
}

/**
 * The columns widened to meet halfway across their gutters: a group's label centred over the
 * gutter between its two columns reaches into both.
 */
function reaches(columns: readonly ColumnSpan[]): ColumnSpan[] {
  return columns.map((c, i) => [
    i === 0 ? -Infinity : (columns[i - 1]![1] + c[0]) / 2,
    i === columns.length - 1 ? Infinity : (c[1] + columns[i + 1]![0]) / 2
  ])
}

/** How far an atom reaches into a column, in points. */
function overlap(atom: Atom, column: ColumnSpan): number {
  return Math.min(atom.x1, column[1]) - Math.max(atom.x0, column[0])
}

/**
 * The columns an atom stands in, as [first, count]: every column it reaches into by more than a
 * point, narrowed to the one it covers most where another atom of its row holds one of them (a
 * long label that runs under the next column's header is still one cell).
 */
export function columnsOf(
  atom: Atom,
  row: readonly Atom[],
  columns: readonly ColumnSpan[]
): [number, number] {
  const reached = reaches(columns)
    .map((c, i) => ({ i, o: overlap(atom, c) }))
    .filter((c) => c.o > 1)
  if (reached.length === 0) {
    const middle = (atom.x0 + atom.x1) / 2
    const nearest = columns.reduce(
      (best, c, i) =>
        Math.abs((c[0] + c[1]) / 2 - middle) <
        Math.abs((columns[best]![0] + columns[best]![1]) / 2 - middle)
          ? i
          : best,
      0
    )
    return [nearest, 1]
  }
  const first = reached[0]!.i
  const last = reached[reached.length - 1]!.i
  if (first === last) return [first, 1]
  const shared = row.some(
    (other) =>
      other !== atom && columns.some((c, i) => i >= first && i <= last && overlap(other, c) > 1)
  )
  if (!shared) return [first, last - first + 1]
  const most = reached.reduce((a, b) => (b.o > a.o ? b : a))
  return [most.i, 1]
}

/**
 * Where a header cell stands alone over columns its row leaves empty on both sides, centred over
 * them together (a "ReACT" over its three sub-columns), the columns it heads: the widest run of
 * them, as [first, count], whose middle is within an em of the cell's.
 */
export function centredSpan(
  cell: Readonly<{ x0: number; x1: number }>,
  column: number,
  taken: ReadonlySet<number>,
  columns: readonly ColumnSpan[],
  em: number
): [number, number] {
  const middle = (cell.x0 + cell.x1) / 2
  let best: [number, number] = [column, 1]
  for (let k = 1; column - k >= 0 && column + k < columns.length; k++) {
    if (taken.has(column - k) || taken.has(column + k)) break
    const centre = (columns[column - k]![0] + columns[column + k]![1]) / 2
    if (Math.abs(centre - middle) <= em) best = [column - k, 2 * k + 1]
  }
  for (const left of [column - 1, column]) {
    const right = left + 1
    if (left < 0 || right >= columns.length) continue
    if (taken.has(left === column ? right : left)) continue
    const centre = (columns[left]![0] + columns[right]![1]) / 2
    if (best[1] === 1 && Math.abs(centre - middle) <= em / 2) best = [left, 2]
  }
  return best
}

/** The share of a column's cells that must line up (or be figures) for it to be a column. */
const ALIGNED_SHARE = 0.6

/** Edges within this many ems of each other line up. */
const ALIGN_EMS = 0.5

/** The largest share of `xs` within `tolerance` of one of them. */
function sharedEdge(xs: readonly number[], tolerance: number): number {
  let best = 0
  for (const x of xs) best = Math.max(best, xs.filter((y) => Math.abs(y - x) <= tolerance).length)
  return best / xs.length
}

/**
 * Whether the columns' cells line up as a table's do: in most columns of two cells or more,
 * most cells share a left edge, a right edge or a middle, or are figures (decimal-aligned ones
 * share none of these). Lines of justified prose cut by MuPDF at their wide word gaps leave
 * stretches open too, but the pieces between them start and end anywhere: prose is no table.
 */
export function columnsLineUp(
  cells: readonly (Atom & { column: number })[],
  columns: number,
  em: number,
  isFigure: (text: string) => boolean
): boolean {
  let asked = 0
  let aligned = 0
  for (let column = 0; column < columns; column++) {
    const own = cells.filter((c) => c.column === column)
    if (own.length < 2) continue
    asked++
    const shares = [
      sharedEdge(
        own.map((c) => c.x0),
        em * ALIGN_EMS
      ),
      sharedEdge(
        own.map((c) => c.x1),
        em * ALIGN_EMS
      ),
      sharedEdge(
        own.map((c) => (c.x0 + c.x1) / 2),
        em * ALIGN_EMS
      ),
      own.filter((c) => isFigure(c.text)).length / own.length
    ]
    if (Math.max(...shares) >= ALIGNED_SHARE) aligned++
  }
  return asked === 0 || aligned * 3 >= asked * 2
}
