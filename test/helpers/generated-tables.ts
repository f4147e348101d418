import { mupdf } from '../../src-main/extract/mupdf.js'
import { madePdf } from './made-pdf.js'
import { PROSE } from './prose.js'
import { GROUPS, HEADS, LABELS, LONG_LABELS, ROW_GROUPS, SUBHEADS } from './table-words.js'

/**
 * Tables of every kind a report sets, generated from a seed with varied fonts, sizes, column
 * counts and values, each with the grid a reader sees in it: the scorer's and the tests' truth.
 */
export const TABLE_KINDS = [
  'ruled',
  'plain',
  'booktabs',
  'wrapped',
  'two-level',
  'empty',
  'two-column',
  'row-span',
  'partial-rules'
] as const
export type TableKind = (typeof TABLE_KINDS)[number]

/** A header cell as a reader sees it: where it starts and how many columns it spans. */
export type HeaderCell = Readonly<{ text: string; column: number; colspan: number }>

export type GeneratedTable = Readonly<{
  kind: TableKind
  seed: number
  bytes: Uint8Array
  columns: number
  /** Header rows, top down; a row lists only its written cells. */
  header: readonly (readonly HeaderCell[])[]
  /** Body rows, a text per column ('' for an empty cell or one a cell above spans). */
  body: readonly (readonly string[])[]
  /** Body cells set across rows (a group's label beside the rows it heads): row, column, rows. */
  rowSpans: readonly (readonly [number, number, number])[]
}>

/** A small seeded generator (mulberry32): the same seed gives the same tables on any machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Random = () => number
export const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)]!
export const between = (r: Random, lo: number, hi: number): number =>
  lo + Math.floor(r() * (hi - lo + 1))

type Alignment = 'right' | 'decimal' | 'left'

/** A value of a numeric column, in one of the styles reports use. */
function value(r: Random, style: number): string {
  const n = between(r, 0, 99999)
  switch (style) {
    case 0:
      return n.toLocaleString('en-US')
    case 1:
      return `${(n / 10).toFixed(1)}`.replace(/\B(?=(\d{3})+(?!\d))/g, ' ').replace(' .', '.')
    case 2:
      return `${(n % 400) / 10}%`
    case 3:
      return (n / 1000).toFixed(between(r, 1, 3))
    default:
      return r() < 0.25 ? `(${n % 1000})` : String(n % 10000)
  }
}

export type Fonts = Readonly<{ regular: mupdf.Font; bold: mupdf.Font; names: [string, string] }>

/** A family of the page's, its regular and bold cuts, drawn with `r`. */
export function pickFonts(r: () => number): Fonts {
  const [regularName, boldName] = pick(r, FAMILIES)
  return {
    regular: new mupdf.Font(regularName),
    bold: new mupdf.Font(boldName),
    names: [regularName, boldName]
  }
}

const FAMILIES: readonly [string, string][] = [
  ['Helvetica', 'Helvetica-Bold'],
  ['Times-Roman', 'Times-Bold']
]

function widthOf(font: mupdf.Font, size: number, text: string): number {
  let w = 0
  for (const ch of text) w += font.advanceGlyph(font.encodeCharacter(ch.codePointAt(0)!))
  return w * size
}

export const literal = (text: string): string => `(${text.replace(/[()\\]/g, (c) => `\\${c}`)})`

/** A page of the drawing commands `ops`, its text in the regular (F1) and bold (F2) fonts. */
export function page(fonts: Fonts, ops: readonly string[]): Uint8Array {
  return madePdf((doc) => [
    {
      content: ops.join('\n'),
      resources: {
        Font: {
          F1: doc.addSimpleFont(fonts.regular, 'Latin'),
          F2: doc.addSimpleFont(fonts.bold, 'Latin')
        }
      }
    }
  ])
}

/** Prose lines of at most `width` points from a text, for the paragraphs around a table. */
export function wrap(font: mupdf.Font, size: number, text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`
    if (line !== '' && widthOf(font, size, next) > width) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line !== '') lines.push(line)
  return lines
}

/** PDF's y of a top-down y on an A4 page. */
export const up = (y: number): number => Math.round((842 - y) * 100) / 100

/**
 * Cases a kind meets now and then, forced: a column of figures holding only its header (every
 * figure empty), or a first body row whose figures are all years ("1956"), as a count or a
 * reference number can be.
 */
export type TableVariant = Readonly<{ headerOnlyColumn?: boolean; yearsInFirstRow?: boolean }>

/**
 * A generated table of `kind` from `seed`, on a page of prose; `caption` set just above it,
 * `variant` forcing a case the seed may not draw (the rest of the table as the seed draws it).
 */
export function generatedTable(
  kind: TableKind,
  seed: number,
  caption?: string,
  variant: TableVariant = {}
): GeneratedTable {
  const r = seeded(seed * 7919 + TABLE_KINDS.indexOf(kind))
  const fonts = pickFonts(r)
  const size = pick(r, [8, 8.5, 9, 9.5, 10, 11])
  const proseSize = size + 1
  const twoLevel = kind === 'two-level'
  const numeric = twoLevel ? 4 : between(r, 2, kind === 'two-column' ? 2 : 5)
  const columns = numeric + (kind === 'row-span' ? 2 : 1)
  const alignments: Alignment[] = [
    'left',
    ...Array.from({ length: numeric }, (): Alignment => (r() < 0.3 ? 'decimal' : 'right'))
  ]
  const styles = alignments.map((a) => (a === 'decimal' ? 3 : between(r, 0, 4)))
  const rowCount = between(r, 4, 9)
  const labels = kind === 'wrapped' ? LONG_LABELS : LABELS
  const used = new Set<string>()
  const body: string[][] = []
  for (let i = 0; i < rowCount; i++) {
    let label = pick(r, labels)
    while (used.has(label) && used.size < labels.length) label = pick(r, labels)
    used.add(label)
    const row = [label, ...styles.slice(1).map((s) => value(r, s))]
    if (kind === 'empty') {
      for (let c = 1; c < columns; c++) if (r() < 0.3) row[c] = ''
    }
    body.push(row)
  }
  // A group label heads two rows (the last one alone where the count is odd), in a column of its
  // own before the labels.
  const rowSpans: [number, number, number][] = []
  if (kind === 'row-span') {
    const groups = [...ROW_GROUPS].sort(() => r() - 0.5)
    body.forEach((row, i) => {
      const starts = i % 2 === 0
      row.unshift(starts ? groups[(i / 2) % groups.length]! : '')
      if (starts && i + 1 < body.length) rowSpans.push([i, 0, 2])
    })
    alignments.unshift('left')
    styles.unshift(0)
  }
  // The variants draw from a generator of their own, so that the seed's table stays as it is.
  const forced = seeded(seed * 31 + 7)
  const firstFigure = columns - numeric
  if (variant.headerOnlyColumn) {
    // Not the last column: a column left empty there reads as the table's margin.
    const column = firstFigure + Math.floor(forced() * Math.max(1, numeric - 1))
    for (const row of body) row[column] = ''
  }
  if (variant.yearsInFirstRow) {
    for (let c = firstFigure; c < columns; c++) body[0]![c] = String(between(forced, 1900, 2030))
  }
  const heads = [...HEADS].sort(() => r() - 0.5).slice(0, numeric)
  const header: HeaderCell[][] = []
  if (twoLevel) {
    const groups = [...GROUPS].sort(() => r() - 0.5).slice(0, 2)
    const subs = [...SUBHEADS].sort(() => r() - 0.5).slice(0, 2)
    header.push(groups.map((g, i) => ({ text: g, column: 1 + i * 2, colspan: 2 })))
    header.push([
      { text: pick(r, ['Item', 'Service', 'Account']), column: 0, colspan: 1 },
      ...[0, 1, 2, 3].map((c) => ({ text: subs[c % 2]!, column: c + 1, colspan: 1 }))
    ])
  } else {
    const groups = kind === 'row-span' ? [{ text: 'Area', column: 0, colspan: 1 }] : []
    const first = groups.length
    header.push([
      ...groups,
      { text: pick(r, ['Item', 'Service', 'Account', 'Ward']), column: first, colspan: 1 },
      ...heads.map((h, i) => ({ text: h, column: i + first + 1, colspan: 1 }))
    ])
  }

  // Column widths: the widest cell (a wrapped label's column is set narrow) plus a gap.
  const gap = between(r, 7, 26)
  const cellWidth = (text: string, bold: boolean): number =>
    widthOf(bold ? fonts.bold : fonts.regular, size, text)
  const labelWidth =
    kind === 'wrapped'
      ? between(r, 110, 150)
      : Math.max(...body.map((row) => cellWidth(row[0]!, false)), cellWidth('Account', true))
  // A decimal column is as wide as its widest whole part and its widest fraction together.
  const decimalWidth = (c: number): number =>
    Math.max(...body.map((row) => cellWidth(row[c]!.replace(/\..*$/, ''), false))) +
    Math.max(...body.map((row) => cellWidth(row[c]!.replace(/^[^.]*/, ''), false)))
  const widths = Array.from({ length: columns }, (_, c) =>
    c === 0
      ? labelWidth
      : Math.max(
          ...body.map((row) => cellWidth(row[c]!, false)),
          alignments[c] === 'decimal' ? decimalWidth(c) : 0,
          ...header.flatMap((h) =>
            h.filter((x) => x.column === c && x.colspan === 1).map((x) => cellWidth(x.text, true))
          )
        )
  )
  const pageLeft = kind === 'two-column' ? 316 : 72
  const lefts: number[] = []
  let x = pageLeft
  for (const w of widths) {
    lefts.push(x)
    x += w + gap
  }
  const right = x - gap
  const ops: string[] = []
  const lineHeight = size * pick(r, [1.35, 1.5, 1.7])
  const text = (bold: boolean, at: number, top: number, t: string): void => {
    if (t !== '') {
      ops.push(
        `BT /${bold ? 'F2' : 'F1'} ${size} Tf ${at.toFixed(2)} ${up(top)} Td ${literal(t)} Tj ET`
      )
    }
  }
  // Decimal points of a decimal column stand under each other.
  const decimalRight = (c: number): number =>
    Math.max(...body.map((row) => cellWidth(row[c]!.replace(/^[^.]*/, ''), false)))
  const place = (c: number, t: string, bold: boolean): number => {
    const w = cellWidth(t, bold)
    if (alignments[c] === 'left') return lefts[c]!
    if (alignments[c] === 'decimal' && !bold) {
      const point = lefts[c]! + widths[c]! - decimalRight(c)
      return point - cellWidth(t.replace(/\..*$/, ''), false)
    }
    return lefts[c]! + widths[c]! - w
  }

  // Prose above the table.
  const column = kind === 'two-column' ? [316, 523] : [72, 523]
  const proseWidth = column[1]! - column[0]!
  let y = 80
  const proseOps = (
    at: number,
    from: number,
    words: string,
    width: number,
    count: number
  ): number => {
    let top = from
    for (const line of wrap(fonts.regular, proseSize, words, width).slice(0, count)) {
      ops.push(`BT /F1 ${proseSize} Tf ${at} ${up(top + proseSize)} Td ${literal(line)} Tj ET`)
      top += proseSize * 1.4
    }
    return top
  }
  if (kind === 'two-column') {
    // The left column runs the page's height in prose beside the table.
    proseOps(72, 80, `${PROSE.harbour} ${PROSE.orchard} ${PROSE.railway} ${PROSE.bakery}`, 220, 44)
  }
  y = proseOps(column[0]!, y, PROSE.weather, proseWidth, 3) + size * 2
  if (caption !== undefined) {
    ops.push(`BT /F2 ${size} Tf ${column[0]} ${up(y + size * 2)} Td ${literal(caption)} Tj ET`)
    y += size * 4
  }
  const ruleWidth = kind === 'booktabs' ? 0.4 : 0.5
  const rule = (top: number, from = pageLeft - 3, to = right + 3, w = ruleWidth): void => {
    ops.push(`${w} w ${from.toFixed(2)} ${up(top)} m ${to.toFixed(2)} ${up(top)} l S`)
  }
  const ruledGrid = kind === 'ruled'
  const rowTops: number[] = []
  // Partial rules: a rule over and under the header and one under the table, and one vertical
  // rule, after the labels, as many reports set them.
  const rules = kind === 'booktabs' || kind === 'partial-rules'
  const tableTop = y - size * 0.5
  if (rules) rule(tableTop, undefined, undefined, 1)
  header.forEach((h, i) => {
    rowTops.push(y)
    for (const cell of h) {
      if (cell.colspan > 1) {
        const from = lefts[cell.column]!
        const to = lefts[cell.column + cell.colspan - 1]! + widths[cell.column + cell.colspan - 1]!
        const w = cellWidth(cell.text, true)
        text(true, (from + to) / 2 - w / 2, y + size, cell.text)
        if (kind === 'two-level') rule(y + lineHeight - size * 0.1, from, to, 0.4)
      } else text(true, place(cell.column, cell.text, true), y + size, cell.text)
    }
    y += lineHeight
    if (i === header.length - 1 && rules) {
      rule(y - size * 0.1, undefined, undefined, 0.5)
    }
  })
  body.forEach((row, i) => {
    rowTops.push(y)
    let lines = 1
    const across = rowSpans.some(([at]) => at === i) ? lineHeight / 2 : 0
    row.forEach((cell, c) => {
      if (c === 0 && across > 0) text(false, lefts[0]!, y + size + across, cell)
      else if (c === 0 && kind === 'wrapped') {
        const wrapped = wrap(fonts.regular, size, cell, labelWidth)
        wrapped.forEach((piece, i) => text(false, lefts[0]!, y + size + i * size * 1.2, piece))
        lines = wrapped.length
      } else text(false, place(c, cell, false), y + size, cell)
    })
    y += lineHeight + (lines - 1) * size * 1.2
  })
  rowTops.push(y)
  if (rules) rule(y - size * 0.1, undefined, undefined, 1)
  if (kind === 'partial-rules') {
    const at = (lefts[1]! - gap / 2).toFixed(2)
    ops.push(`0.5 w ${at} ${up(tableTop)} m ${at} ${up(y - size * 0.1)} l S`)
  }
  if (ruledGrid) {
    for (const top of rowTops) rule(top - size * 0.25)
    const bottom = y - size * 0.25
    const top = rowTops[0]! - size * 0.25
    for (const edge of [...lefts.map((l) => l - gap / 2), right + gap / 2]) {
      const at = Math.max(pageLeft - 3, Math.min(right + 3, edge))
      ops.push(`${ruleWidth} w ${at.toFixed(2)} ${up(top)} m ${at.toFixed(2)} ${up(bottom)} l S`)
    }
  }
  proseOps(column[0]!, y + size * 2, PROSE.library, proseWidth, 3)
  return { kind, seed, bytes: page(fonts, ops), columns, header, body, rowSpans }
}
