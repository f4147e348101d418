import {
  drawnLine,
  inkedChars,
  isBoldLine,
  isHorizontal,
  middleSize,
  shareRow,
  withLines,
  type Block,
  type Line
} from '../shared/layout.js'
import { isGutterClear } from './page-gutter.js'
import { openings, pageBands } from '../shared/openings.js'
import { isPanelHeading, isWorded } from '../shared/panel-heading.js'
import { hangingEdge, listsItems } from '../shared/list-marker.js'

/**
 * MuPDF adds a line to the block it is building while the line follows closely on the last one
 * drawn, wherever on the row it stands. A leaflet drawn row by row across its panels ends with
 * its panels' feet (one panel's last words, another's address) on rows where no panel's prose
 * is left, and MuPDF makes one block of them across the panels: read as one block, the feet run
 * into each other ("… in the last century Distant Canal 41 Market Street"), and the block bridges
 * the gutters, so the page is no longer cut into its panels and is read row by row across them.
 * A block whose lines each stand on one side of a gutter of the page, none of them in it, one
 * side's lines over rows of their own, is cut into its sides there. The gutter is the page's, not
 * a table's: a block of running text on each side of it, the two side by side, no line of the
 * page reaching into it from their tops to their feet, and the block standing above, beside or
 * under them within a few lines. Blocks are numbered anew, in order.
 */
export function splitStraddlingBlocks(blocks: readonly Block[]): Block[] {
  const stacks = stackedRows(blocks)
  const prose = stacks.map((s) => s.stack).filter(isProse)
  // A page with no running text is a form's or a table's: nothing of it is a panel's.
  if (prose.length === 0) return [...blocks]
  const lines = blocks.flatMap((b) => b.lines).sort((p, q) => p.bbox[1] - q.bbox[1])
  const body = middleSize(lines.flatMap((l) => l.spans)) ?? 10
  // The bands in the upright lines' own em: a cover's centred title stands beside a panel's
  // paragraphs, each in a size and leading of its own.
  const em = middleSize(lines.filter(isHorizontal).flatMap((l) => l.spans)) ?? 10
  const page: Page = { prose, lines, bands: pageBands(lines, em), body }
  // A row drawn across two panels is a block of one row, which shows no column beside another;
  // the rows stacked with it at one measure do: it is cut where they are.
  const gutters = new Map<Block, Gutter>()
  const cut: Array<{ stack: Block; gutter: Gutter }> = []
  for (const { stack, members } of stacks) {
    if (members.length < 2) continue
    const gutter = gutterOf(stack, page)
    if (!gutter) continue
    cut.push({ stack, gutter })
    for (const member of members) gutters.set(member, gutter)
  }
  // The panels' headings, a row over the rows cut, are cut with them: over rows stacked and cut
  // together, or over a row cut alone (a quotation's first line beside a list's first item).
  const isRow = (block: Block): boolean =>
    !gutters.has(block) && block.lines.length >= 2 && !isStacked(block.lines)
  let rowsCut: Array<{ stack: Block; gutter: Gutter }> | undefined
  for (const block of blocks) {
    if (!isRow(block)) continue
    rowsCut ??= blocks.filter(isRow).flatMap((row) => {
      const gutter = row.lines.every(isHorizontal) ? rowGutter(row, page) : null
      return gutter ? [{ stack: row, gutter }] : []
    })
    const head = headOver(block, cut) ?? headOver(block, rowsCut, page.bands)
    if (head) gutters.set(block, head)
  }
  // A side of a row across three panels still spans the other gutter, and is cut as any block.
  return blocks
    .flatMap((block) => {
      const gutter = gutters.get(block)
      return gutter ? sides(block, gutter).flatMap((side) => split(side, page)) : split(block, page)
    })
    .map((block, id) => ({ ...block, id }))
}

/**
 * The opening of a row of lines standing right over rows cut at a gutter (HEAD_GAP), across that
 * gutter: a heading of each panel, drawn on one row. Over a row cut alone, whose gutter may be no
 * wider than a word gap, the opening holds a band of the page's whitespace (`bands`), words on
 * each side: a justified line's words, which MuPDF leaves pieces on one row, part at no such
 * band, and a margin's line numbers are no headings.
 */
function headOver(
  row: Block,
  cut: ReadonlyArray<{ stack: Block; gutter: Gutter }>,
  bands?: ReadonlyArray<Gutter>
): Gutter | null {
  if (!row.lines.every(isHorizontal)) return null
  const em = middleSize(row.lines.flatMap((l) => l.spans)) ?? 10
  for (const { stack, gutter } of cut) {
    const gap = stack.bbox[1] - row.bbox[3]
    if (gap < -EDGE || gap > em * HEAD_GAP) continue
    const across = openings(row.lines, Math.max(MIN_GUTTER, em * 0.8)).find(
      ([a, b]) => a <= gutter[1] && b >= gutter[0] && (!bands || headsBothSides(row, [a, b], bands))
    )
    if (across) return across
  }
  return null
}

/**
 * The row's sides either side of an opening that holds a band of the page's whitespace are words
 * (headings), not a margin's line numbers beside their lines.
 */
const headsBothSides = (row: Block, [a, b]: Gutter, bands: ReadonlyArray<Gutter>): boolean =>
  holdsBand(bands, [a, b]) &&
  row.lines.some((l) => l.bbox[2] <= a && isWorded(l)) &&
  row.lines.some((l) => l.bbox[0] >= b && isWorded(l))

/** Ems between a panel's heading and the rows under it, at most. */
const HEAD_GAP = 1.5

/** Where a block is cut: the opening (a, b) between its sides. */
type Gutter = readonly [number, number]

/**
 * The page as the cut sees it: its blocks of running text, its lines top to bottom, and the
 * bands of whitespace that run down its whole text (`pageBands`).
 */
type Page = Readonly<{
  prose: readonly Block[]
  lines: readonly Line[]
  bands: ReadonlyArray<Gutter>
  body: number
}>

function split(block: Block, page: Page, parted = false): Block[] {
  if (block.lines.length < 2 || !block.lines.every(isHorizontal)) return [block]
  // Lines of one row are a row of the page (a folio beside its running head), which MuPDF
  // rightly gave one block: the feet it joins run down over rows, or off each other's level.
  // A row with the page's text under it that leaps a column of running text ended above it is
  // no running head or foot, nor a table's row: it is one panel's last line and another's
  // heading, level by chance, the panel between them ended above. The page's last row is cut
  // only where each side goes on from its own column right above it, as no running foot does.
  const gutter = isStacked(block.lines) ? gutterOf(block, page) : rowGutter(block, page)
  if (!gutter) return parted ? paragraphs(block) : [block]
  return sides(block, gutter).flatMap((side) => split(side, page, true))
}

/**
 * The first opening of the block that a gutter of the page, a band of the page's whitespace
 * (for a block of rows) or two columns of its own show. On a page of one paragraph, a band parts
 * rows only between two lists (two panels' items level row by row) or words set in sizes far
 * apart (a cover's title beside a list): a glossary's or a table's rows stand either side of one
 * too, and a margin's line numbers beside their lines.
 */
function gutterOf(block: Block, page: Page): Gutter | null {
  const { prose, lines, bands } = page
  const em = middleSize(block.lines.flatMap((l) => l.spans)) ?? 10
  const rows = isStacked(block.lines)
  for (const [a, b] of openings(block.lines, Math.max(MIN_GUTTER, em * 0.8))) {
    const left = block.lines.filter((l) => l.bbox[2] <= a)
    const right = block.lines.filter((l) => l.bbox[0] >= b)
    if (
      (rows &&
        holdsBand(bands, [a, b]) &&
        (prose.length >= 2 ||
          (listsItems(left) && listsItems(right)) ||
          titleBeside(left, right) ||
          headedColumns(left, right, page))) ||
      hasPageGutter(block, a, b, prose, lines, em) ||
      sidesAreColumns(block, left, right, lines)
    ) {
      return [a, b]
    }
  }
  return null
}

/**
 * Where the side stands in a column of the page at its left edge: "heads" where it opens with a
 * heading (a bold line, or one set larger than the body) over more text at that edge, of its
 * own or of the page right under it, or opens right under such a heading; "prose" where it opens
 * right under a line of running text at that edge, "under" right under another line there; null
 * where it stands alone.
 */
function columnPlace(
  side: readonly Line[],
  { lines, body, prose }: Page
): 'heads' | 'prose' | 'under' | null {
  const x = Math.min(...side.map((l) => l.bbox[0]))
  const edge = side.filter((l) => Math.abs(l.bbox[0] - x) <= 1)
  const first = edge.reduce((p, q) => (q.bbox[1] < p.bbox[1] ? q : p))
  // A table's header row, in bold in its cells' size, heads their columns too: a bold line heads
  // a panel only where it opens the side itself. Over the side, only a heading set larger than
  // the body does.
  const heads = (l: Line): boolean =>
    isPanelHeading(l, body) || (l === first && isBoldLine(l) && isWorded(l))
  // `lower` stands right under `upper`, within a paragraph's gap of the side's first line (the
  // boxes of large type, a quotation's, set close overlap by a little).
  const reach = (first.bbox[3] - first.bbox[1]) * OVER_LINES
  const stacked = (upper: Line, lower: Line): boolean =>
    upper.bbox[3] <= lower.bbox[1] + (lower.bbox[3] - lower.bbox[1]) * OVERLAP &&
    lower.bbox[1] - upper.bbox[3] <= reach
  const atEdge = lines.filter((l) => Math.abs(l.bbox[0] - x) <= 1 && !side.includes(l))
  if (heads(first)) {
    const last = edge.reduce((p, q) => (q.bbox[1] > p.bbox[1] ? q : p))
    const under = atEdge.some((l) => stacked(last, l))
    if (edge.some((l) => l !== first && !heads(l)) || under) return 'heads'
  }
  // The line over the side: at its edge, the list item whose text its first line hangs under, or
  // on its axis (a cover's centred line under its title).
  const above = lines
    .filter((l) => !side.includes(l) && stacked(l, first) && standsUnder(l, first))
    .at(-1)
  if (above === undefined) return null
  if (heads(above)) return 'heads'
  // Running text: a paragraph's line, or one a sentence wraps onto from the line over it.
  const wrapped = atEdge.some((l) => stacked(l, above) && wrapsOnto(l, above))
  return wrapped || prose.some((p) => p.lines.includes(above)) ? 'prose' : 'under'
}

/**
 * Two panels' sections read row by row across a band of the page's whitespace: each side stands
 * in a column of the page at its edge, and one of them opens under a heading (an address or a
 * list beside another panel's list, a paragraph going on beside the next panel's heading) or
 * under a paragraph's line (a list item going on beside it). A table's cells stand under its
 * header cells and under each other, which on a page of running text are no headings.
 */
function headedColumns(left: readonly Line[], right: readonly Line[], page: Page): boolean {
  const places = [columnPlace(left, page), columnPlace(right, page)]
  return (places.includes('heads') || places.includes('prose')) && !places.includes(null)
}

/** The two sides are set in sizes SIZES_APART and more apart: a cover's title beside a list. */
function sizesApart(left: readonly Line[], right: readonly Line[]): boolean {
  const [small, large] = [left, right]
    .map((side) => middleSize(side.flatMap((l) => l.spans)) ?? 0)
    .sort((p, q) => p - q)
  return small! > 0 && large! >= small! * SIZES_APART
}

/**
 * The sides are words set in sizes far apart: a cover's title beside a panel's list, where the
 * line numbers of a page's margin, set small beside its lines, are figures.
 */
const titleBeside = (left: readonly Line[], right: readonly Line[]): boolean =>
  sizesApart(left, right) && [left, right].every((side) => side.some(isWorded))

/** Where a row is cut: the page's last row as a panel's foot (panelCut), any other at rowCut. */
const rowGutter = (row: Block, page: Page): Gutter | null =>
  page.lines.some((l) => l.bbox[1] >= row.bbox[3]) ? rowCut(row, page) : panelCut(row, page)

/**
 * Where a row is cut: at a gutter of its own where it leaps a column, or two columns go on across
 * it, or two panels' headings stand either side of it (partsPanels); where it shows no gutter of
 * its own (a cover's title beside a panel's list, whose column holds no running text to show
 * one), at its first opening across which two columns go on or two panels' headings stand.
 */
function rowCut(row: Block, page: Page): Gutter | null {
  const own = gutterOf(row, page)
  if (own) return leapsColumn(row, own, page.prose) || partsPanels(row, own, page) ? own : null
  return panelCut(row, page)
}

/** The row's first opening across which two columns go on or two panels' headings stand. */
function panelCut(row: Block, page: Page): Gutter | null {
  const em = middleSize(row.lines.flatMap((l) => l.spans)) ?? 10
  const found = openings(row.lines, Math.max(MIN_GUTTER, em * 0.8)).find((g) =>
    partsPanels(row, g, page)
  )
  return found ?? null
}

const partsPanels = (row: Block, gutter: Gutter, page: Page): boolean =>
  goesOn(row, gutter, page) || headsPanels(row, gutter, page)

/** A band of the page's whitespace that lies within the opening (a, b). */
const bandIn = (bands: ReadonlyArray<Gutter>, [a, b]: Gutter): Gutter | undefined =>
  bands.find(([c, d]) => c >= a - EDGE && d <= b + EDGE)

const holdsBand = (bands: ReadonlyArray<Gutter>, opening: Gutter): boolean =>
  bandIn(bands, opening) !== undefined

/**
 * Whether a row cut at a band of the page's whitespace is two panels' headings, level by chance:
 * on each side a panel's heading (set larger than the page's middle size, shared/panel-heading.ts)
 * with the page's text under it. A title or a running head across the columns leaves no
 * band; a form's labels and a table's cells are set in the body's size.
 */
function headsPanels(row: Block, [a, b]: Gutter, { lines, bands, body }: Page): boolean {
  if (!holdsBand(bands, [a, b])) return false
  const heads = (side: readonly Line[]) =>
    side.some(
      (l) =>
        isPanelHeading(l, body) &&
        lines.some(
          (m) => m.bbox[1] >= l.bbox[3] - EDGE && m.bbox[0] < l.bbox[2] && m.bbox[2] > l.bbox[0]
        )
    )
  return (
    heads(row.lines.filter((l) => l.bbox[2] <= a)) && heads(row.lines.filter((l) => l.bbox[0] >= b))
  )
}

/** Some block of running text stands wholly inside the row's opening, above the row. */
const leapsColumn = (row: Block, [a, b]: Gutter, prose: readonly Block[]): boolean =>
  prose.some((p) => p.bbox[0] >= a - EDGE && p.bbox[2] <= b + EDGE && p.bbox[3] <= row.bbox[1])

/**
 * Whether a row cut at a band of the page's whitespace is two columns' lines. Each side goes on
 * from a line of its own column above it or heads one under it (set at its left edge, at the text
 * of a list item it wraps, or, for a cover's centred lines, on its axis, within a paragraph's
 * gap), and the row is no table's: a sentence goes on into one side ("… every spring," then "and
 * then painted …" right under it, left of the band) or out of a cover's centred line into the
 * centred line under it ("… before dawn, and" over "the merchants blamed …"), or the sides are
 * set in sizes far apart (a cover's title beside a panel's list); or the sides are words in
 * sizes far apart, whatever stands over them (a cover's title, its column opening with it, level
 * with a panel's heading); or a sentence goes on into or out of each side, whether or not it
 * heads its column; or each side starts at the edge of a
 * column of running text or a list on its side of the band (startsColumns). A running head has no
 * column under it at its edges; a table's row, its cells under the row above in one size, starts
 * no cell in lower case, and no paragraph is set to its cells' edges. A row is cut as well where a
 * sentence goes on into or out of one side while the other, with no line over it or only its
 * panel's heading, heads a column of running text at its edge: a cover's centred sentence level
 * with the next panel's heading, or a quotation's line with the first line under that heading.
 */
function goesOn(row: Block, [a, b]: Gutter, page: Page): boolean {
  const { lines, bands } = page
  const band = bandIn(bands, [a, b])
  if (!band) return false
  const sides = [row.lines.filter((l) => l.bbox[2] <= a), row.lines.filter((l) => l.bbox[0] >= b)]
  const columns = sides.map((side) => {
    const first = side.reduce((p, q) => (q.bbox[0] < p.bbox[0] ? q : p))
    const height = first.bbox[3] - first.bbox[1]
    const over = lines.filter(
      (l) =>
        !row.lines.includes(l) &&
        l.bbox[1] < first.bbox[1] &&
        first.bbox[1] - l.bbox[3] <= height * OVER_LINES &&
        standsUnder(l, first)
    )
    // A heading heads whatever starts under it, a quotation centred under it too.
    const heading = isHeading(first, page.body)
    const under = lines.find(
      (l) =>
        !row.lines.includes(l) &&
        l.bbox[1] > first.bbox[1] &&
        l.bbox[1] - first.bbox[3] <= height * OVER_LINES &&
        (standsUnder(first, l) ||
          (heading && l.bbox[0] > first.bbox[0] - EDGE && l.bbox[0] < first.bbox[2]))
    )
    return { first, height, over: over.at(-1), under }
  })
  if (!columns.every(({ over, under }) => over !== undefined || under !== undefined)) return false
  type Column = (typeof columns)[number]
  const wrapsInto = ({ first, height, over }: Column): boolean =>
    over !== undefined &&
    standsUnder(over, first) &&
    first.bbox[1] - over.bbox[3] <= height / 2 &&
    wrapsOnto(over, first)
  // A cover's centred sentence wraps onto the centred line under it: left-set cells do not.
  const wrapsOut = ({ first, height, under }: Column): boolean =>
    under !== undefined &&
    Math.abs(axis(first) - axis(under)) <= 1 &&
    Math.abs(first.bbox[0] - under.bbox[0]) > 1 &&
    under.bbox[1] - first.bbox[3] <= height / 2 &&
    wrapsOnto(first, under)
  const settled = columns.every(({ over }) => over !== undefined)
  const flows = columns.map((c) => wrapsInto(c) || wrapsOut(c))
  if (
    (settled && (flows.includes(true) || sizesApart(sides[0]!, sides[1]!))) ||
    titleBeside(sides[0]!, sides[1]!) ||
    !flows.includes(false)
  ) {
    return true
  }
  const kinds = columnKinds(columns[0]!.first, columns[1]!.first, band, page)
  // A paragraph right under its panel's heading heads its column as much as one with no line over
  // it; a list heads one under its heading only.
  const headsProse = (i: number): boolean => {
    const over = columns[i]!.over
    const heading = over !== undefined && isHeading(over, page.body)
    return (
      (over === undefined || heading) && (kinds[i] === 'prose' || (heading && kinds[i] === 'list'))
    )
  }
  // Two lists each under its panel's heading head their columns as two lists alone do.
  const headed = columns.every(({ first }) => underHeading(first, page))
  return (
    startsColumns(kinds, !settled || headed) || flows.some((flow, i) => flow && headsProse(1 - i))
  )
}

/** A panel's heading: set larger than the text, or in bold in its size, as Courier sets one. */
const isHeading = (line: Line, body: number): boolean =>
  isPanelHeading(line, body) || isBoldLine(line)

/**
 * Whether the lines at `line`'s left edge, each within a paragraph's gap of the one under it, go
 * up from it to a heading: a list's items under their panel's heading, however many items down.
 */
function underHeading(line: Line, { lines, body }: Page): boolean {
  const height = line.bbox[3] - line.bbox[1]
  let at = line
  for (const l of [...lines].reverse()) {
    if (l.bbox[1] >= at.bbox[1] || Math.abs(l.bbox[0] - line.bbox[0]) > 1) continue
    if (at.bbox[1] - l.bbox[3] > height * OVER_LINES) return false
    if (isHeading(l, body)) return true
    at = l
  }
  return false
}

/** `line` stands under `over` in one column: it starts under it (startsUnder), or both are centred on one axis. */
const standsUnder = (over: Line, line: Line): boolean =>
  startsUnder(over, line) || Math.abs(axis(over) - axis(line)) <= 1

/**
 * `line` starts under `over`'s left edge, or under the text of the list item `over` opens: at it,
 * or up to HANG_SLACK ems right of it, where a list's indent is set in points rather than to its
 * marker's width.
 */
function startsUnder(over: Line, line: Line): boolean {
  if (Math.abs(over.bbox[0] - line.bbox[0]) <= 1) return true
  const hang = hangingEdge(over)
  if (hang === null) return false
  const em = Math.max(...over.spans.map((s) => s.size))
  return line.bbox[0] >= hang - 1 && line.bbox[0] <= hang + em * HANG_SLACK
}

/** Ems a wrapped item's line may stand right of the text of its item's first line. */
const HANG_SLACK = 0.5

/** What the page sets at the left edge of each side's first line, on its side of the band. */
const columnKinds = (left: Line, right: Line, [c, d]: Gutter, page: Page): ColumnKind[] => [
  columnKind(left, (l) => l.bbox[2] <= c + EDGE, page),
  columnKind(right, (l) => l.bbox[0] >= d - EDGE, page)
]

/**
 * Whether a row's sides start at the left edges of two columns of the page, one each side of the
 * band between them, one of running text and the other of running text or a list: the panels'
 * own columns, one panel's paragraph going on beside the next one's list. A table's cells wrap
 * no sentence at a paragraph's edge beside a column of list items. Where a side heads its column
 * (`heads`: no line of it stands over the row), both columns may be lists: two panels' headings,
 * each over its list, read heading then list whether they are panels or a table's two columns.
 */
const startsColumns = (kinds: readonly ColumnKind[], heads: boolean): boolean =>
  (kinds.includes('prose') || heads) && !kinds.includes(null)

type ColumnKind = 'prose' | 'list' | null

/**
 * What the page sets at `line`'s left edge on its side of the band: running text (a block of
 * it, or a sentence wrapped from one line there onto the next), a list (two items and more
 * opening there), or neither.
 */
function columnKind(
  line: Line,
  onSide: (l: Line | Block) => boolean,
  { lines, prose }: Page
): ColumnKind {
  const x = line.bbox[0]
  if (prose.some((p) => onSide(p) && Math.abs(p.bbox[0] - x) <= 1)) return 'prose'
  const at = lines.filter((l) => onSide(l) && Math.abs(l.bbox[0] - x) <= 1)
  const wraps = at.slice(1).some((l, i) => {
    const over = at[i]!
    return l.bbox[1] - over.bbox[3] <= (l.bbox[3] - l.bbox[1]) / 2 && wrapsOnto(over, l)
  })
  if (wraps) return 'prose'
  return listsItems(at) ? 'list' : null
}

/** A sentence goes on from `over` into `line`: `over` ends with no stop, `line` opens in lower case. */
const wrapsOnto = (over: Line, line: Line): boolean =>
  opensLower(line) && !/[.!?:]["'”’)]*\s*$/u.test(drawnLine(over))

/** The line opens in lower case: a sentence wrapped onto it. */
const opensLower = (line: Line): boolean => /^\s*\p{Ll}/u.test(drawnLine(line))

/** The share of a line's height by which the box of the line over it may reach into its own. */
const OVERLAP = 0.25

/** Line heights between a column's line and the next under it, at most: a paragraph's gap. */
const OVER_LINES = 2

/** How many times the other's size one side of a row is set in, at least, to be a cover's. */
const SIZES_APART = 1.4

const axis = (l: Line): number => (l.bbox[0] + l.bbox[2]) / 2

/** The block's lines left and right of the gutter, each side a block if it holds any. */
function sides(block: Block, [a, b]: Gutter): Block[] {
  const left = block.lines.filter((l) => l.bbox[2] <= a)
  const right = block.lines.filter((l) => l.bbox[0] >= b)
  if (left.length === 0 || right.length === 0) return [block]
  return [withLines(block, left), withLines(block, right)]
}

/**
 * Lines on more than one row: some line stands above or below another, or off its level by over
 * a quarter of a line (a panel set to another leading, its lines between the next panel's),
 * where a folio and its running head share a baseline.
 */
const isStacked = (lines: readonly Line[]): boolean =>
  lines.some((l) => lines.some((m) => !shareRow(l.bbox, m.bbox) || offLevel(l, m)))

const offLevel = (l: Line, m: Line): boolean =>
  Math.abs(l.bbox[3] - m.bbox[3]) >
  OFF_LEVEL * Math.min(l.bbox[3] - l.bbox[1], m.bbox[3] - m.bbox[1])

/** Share of a line's height by which two lines of one row may stand apart. */
const OFF_LEVEL = 0.25

/** Points a gutter is wide at least, whatever the type. */
const MIN_GUTTER = 4

/**
 * The blocks with those set to one measure, each opening where the one above ends, stacked into
 * one: a leaflet drawn row by row across its panels may leave every row of a justified panel a
 * block of its own, none of them a column of running text alone.
 */
function stackedRows(blocks: readonly Block[]): Array<{ stack: Block; members: Block[] }> {
  const stacks: Array<{ stack: Block; members: Block[] }> = []
  for (const block of [...blocks].sort((p, q) => p.bbox[1] - q.bbox[1])) {
    const at = stacks.find((s) => continues(s.stack, block))
    if (!at) stacks.push({ stack: block, members: [block] })
    else {
      at.stack = withLines(at.stack, [...at.stack.lines, ...block.lines])
      at.members.push(block)
    }
  }
  return stacks
}

/**
 * `block` opens within half a line of where `above` ends, its edges at `above`'s, or its centre
 * on `above`'s: a cover's centred paragraph, which MuPDF leaves a block a line, each line's edges
 * its own.
 */
function continues(above: Block, block: Block): boolean {
  const line = block.lines[0]
  if (!line) return false
  const half = (line.bbox[3] - line.bbox[1]) / 2
  const at = (i: 0 | 2) => Math.abs(block.bbox[i] - above.bbox[i]) <= EDGE
  const centre = (b: Block) => (b.bbox[0] + b.bbox[2]) / 2
  return (
    Math.abs(block.bbox[1] - above.bbox[3]) <= half &&
    ((at(0) && at(2)) || Math.abs(centre(block) - centre(above)) <= EDGE)
  )
}

/**
 * Whether a gutter of the page runs inside the block's opening (a, b): the edges of two blocks
 * of running text side by side, left and right of it, no line of the page reaching into the
 * whitespace between them over the height of the two and of the block.
 */
function hasPageGutter(
  block: Block,
  a: number,
  b: number,
  prose: readonly Block[],
  page: readonly Line[],
  em: number
): boolean {
  const reach = em * NEAR_LINES
  return prose.some((left) =>
    prose.some((right) => {
      // The gutter's part inside the opening, most of it: a ragged line of the block may end a
      // little past the longest line of its column's block above.
      const [g0, g1] = [Math.max(a, left.bbox[2]), Math.min(b, right.bbox[0])]
      const whole = right.bbox[0] - left.bbox[2]
      // A stack the block itself is in shows no gutter of its own.
      const inStack = left.lines.includes(block.lines[0]!) || right.lines.includes(block.lines[0]!)
      if (inStack || g1 - g0 < Math.max(em * 0.8, whole * GUTTER_INSIDE)) return false
      const top = Math.min(left.bbox[1], right.bbox[1])
      const bottom = Math.max(left.bbox[3], right.bbox[3])
      const sideBySide =
        Math.min(left.bbox[3], right.bbox[3]) > Math.max(left.bbox[1], right.bbox[1])
      if (!sideBySide || block.bbox[3] < top - reach) return false
      if (block.bbox[1] > bottom + reach) {
        const foot = Math.min(columnFoot(left, page, em), columnFoot(right, page, em))
        if (block.bbox[1] > foot + reach) return false
      }
      const band = [Math.min(top, block.bbox[1]), Math.max(bottom, block.bbox[3])] as const
      return isGutterClear(page, [g0, g1], band)
    })
  )
}

/**
 * Whether the block is two columns of running text read a row at a time: its sides side by
 * side on shared rows, one running text, the other a paragraph's full rows (a panel's two lines
 * of prose beside the next panel's column), and no line of the page reaching into the gutter
 * over the block's height. A table's rows share their rows too, but its cells are not a
 * column of prose beside a paragraph.
 */
function sidesAreColumns(
  block: Block,
  left: readonly Line[],
  right: readonly Line[],
  page: readonly Line[]
): boolean {
  if (!isStacked(left) || !isStacked(right)) return false
  if (!left.some((l) => right.some((r) => shareRow(l.bbox, r.bbox)))) return false
  const [l, r] = [withLines(block, left), withLines(block, right)]
  if (!(isProse(l) && isParagraph(r)) && !(isProse(r) && isParagraph(l))) return false
  return isGutterClear(page, [l.bbox[2], r.bbox[0]], [block.bbox[1], block.bbox[3]])
}

/**
 * Rows of a paragraph: two of a sentence's length, WRAPPED_CHARS characters at least (a panel's
 * paragraph over its address), where a glossary's or a table's labels are short.
 */
function isParagraph(block: Block): boolean {
  const full = rowsOf(block.lines).filter(
    (row) => row.reduce((n, l) => n + inkedChars(l), 0) >= WRAPPED_CHARS
  )
  return full.length >= WRAPPED_ROWS
}

/**
 * Where a side's column ends: its lines go on under it, each within a paragraph's gap of the one
 * above (the rest of a panel MuPDF cut into blocks of a few lines where the panels' rows fall
 * apart); a wider gap ends it, as between the cards of a grid. `page` is the page's lines top
 * to bottom.
 */
function columnFoot(side: Block, page: readonly Line[], em: number): number {
  let foot = side.bbox[3]
  for (const line of page) {
    if (line.bbox[1] < side.bbox[1] || line.bbox[1] > foot + em * PARAGRAPH_GAP) continue
    if (line.bbox[0] < side.bbox[0] - EDGE || line.bbox[2] > side.bbox[2] + EDGE) continue
    foot = Math.max(foot, line.bbox[3])
  }
  return foot
}

/** Ems between a column's lines, a paragraph's gap at most. */
const PARAGRAPH_GAP = 1.2

/** The share of a gutter of the page that a block's opening must hold. */
const GUTTER_INSIDE = 0.5

/** Lines' heights within which the block stands above, beside or under the two sides. */
const NEAR_LINES = 3

/** Points a line's box may reach past the edge its column's text is set to. */
const EDGE = 0.5

/**
 * Rows a block of running text holds at least: two where a sentence wraps from the first into
 * the second (a panel's two lines beside a list or an address), three otherwise.
 */
const WRAPPED_ROWS = 2
const PROSE_ROWS = 3

/** Mean characters a row of running text holds: prose, not cells of names and numbers. */
const PROSE_CHARS = 12

/**
 * Running text: rows of a dozen characters and more on average, a third of those after the
 * first starting in lower case (a sentence wrapped from the row above), unlike a table's column
 * or a list of names and addresses, each line starting afresh. A justified row that MuPDF cut
 * into pieces at wide word gaps counts once.
 */
function isProse(block: Block): boolean {
  if (!block.lines.every(isHorizontal)) return false
  const rows = rowsOf(block.lines)
  if (rows.length < WRAPPED_ROWS) return false
  const chars = rows.reduce((n, row) => n + row.reduce((m, l) => m + inkedChars(l), 0), 0)
  const runOn = rows.slice(1).filter((row) => opensLower(row[0]!)).length
  if (chars / rows.length < PROSE_CHARS) return false
  return (rows.length >= PROSE_ROWS && runOn >= (rows.length - 1) / 3) || wrapsSentence(rows)
}

/** Characters of a row a sentence wraps from: a line of a paragraph, not a list's entry. */
const WRAPPED_CHARS = 30

/**
 * Whether a sentence wraps from one row of full length into the next (a leaflet's panel: a
 * heading, two lines of prose, then a list), the row ending in a letter or comma and the next
 * opening in lower case.
 */
function wrapsSentence(rows: readonly Line[][]): boolean {
  return rows.slice(1).some((row, i) => {
    const above = rows[i]!.map(drawnLine).join(' ').trim()
    return above.length >= WRAPPED_CHARS && /[\p{L},]$/u.test(above) && opensLower(row[0]!)
  })
}

/** The block's lines in rows top to bottom, each row's lines left to right. */
function rowsOf(lines: readonly Line[]): Line[][] {
  const rows: Line[][] = []
  for (const line of [...lines].sort((p, q) => p.bbox[1] - q.bbox[1] || p.bbox[0] - q.bbox[0])) {
    const row = rows.find((r) => Math.abs(r[0]!.bbox[3] - line.bbox[3]) < LEVEL)
    if (row) row.push(line)
    else rows.push([line])
  }
  return rows
}

/** Points within which a row's lines share their baseline. */
const LEVEL = 0.5

/**
 * A side cut from such a block, parted where a row is left empty: MuPDF joined one panel's last
 * words to its address under them, with the other panel's lines drawn between.
 */
function paragraphs(block: Block): Block[] {
  const rows = rowsOf(block.lines)
  const steps = rows.slice(1).map((row, i) => row[0]!.bbox[1] - rows[i]![0]!.bbox[1])
  const pitch = [...steps].sort((p, q) => p - q)[steps.length >> 1] ?? 0
  const out: Line[][] = []
  rows.forEach((row, i) => {
    if (i === 0 || steps[i - 1]! > pitch * PARAGRAPH_STEP) out.push([...row])
    else out[out.length - 1]!.push(...row)
  })
  return out.map((lines) => withLines(block, lines))
}

/** A step between rows this many times the block's usual one leaves a row empty. */
const PARAGRAPH_STEP = 1.5
