import { textWidth, wrap, type DrawnPage, type Family, type Run } from './drawn-pdf.js'
import { between, pick, seeded } from './generated-tables.js'
import {
  ADJECTIVES,
  LABELS,
  NOUNS,
  TIMES,
  capital,
  justified,
  paragraphOf,
  sentences
} from './word-pool.js'

/**
 * Pages of the layouts the hidden set caught Recto out with (issue 37), drawn from a seed so
 * that a fix is tried on pages it was not made on: three-column booklets with side boxes and
 * run-in headings, tri-fold leaflets, and text boxes at several rotations. Texts, column counts
 * and widths, gutters (9 pt and up), type sizes (8 to 11 pt), base-14 families, side box places,
 * heading styles, rotation angles and drawing orders all vary. Each page carries the text a
 * reader reads, in reading order: `paragraphs` in the flow, `boxes` whose place in it is a choice.
 */
export const VARIED_KINDS = ['booklet', 'tri-fold', 'rotated-boxes'] as const
export type VariedKind = (typeof VARIED_KINDS)[number]

export type VariedPage = Readonly<{
  kind: VariedKind
  seed: number
  page: DrawnPage
  family: Family
  paragraphs: readonly string[]
  boxes: readonly string[]
  /** What was drawn, in a few words, to tell a failing page's make. */
  make: string
}>

type HeadingStyle = 'run-in' | 'run-in caps' | 'own line' | 'indent' | 'run-in or indent'

/** A line of a paragraph: its runs, their x from the column's left edge. */
type Row = ReadonlyArray<Omit<Run, 'y'>>

/**
 * A paragraph's lines set `width` wide from `dx`: its bold heading run in, on a line of its own,
 * or an indent where it has none. `reach` is how far a line may run from the column's left edge
 * before it meets the next column or the page's edge.
 */
function paragraphRows(
  heading: string,
  text: string,
  style: HeadingStyle,
  dx: number,
  width: number,
  size: number,
  family: Family,
  reach: number
): Row[] {
  const line = (x: number, w: number, lines: readonly string[]): Row[] =>
    justified(lines, x, w, size, family).map((run) => [run])
  const lead = heading === '' ? 12 : textWidth(`${heading} `, size, true, family)
  // A heading may run into the gutter, as an overfull line does, never over the next column's
  // text or off the page: one that would is set above its text, broken within the column.
  if (heading !== '' && (style === 'own line' || dx + lead > reach)) {
    const titles = wrap(heading, width, size, true, family).map((words): Row => [
      { x: dx, text: words, size, font: 'bold' }
    ])
    return [...titles, ...line(dx, width, wrap(text, width, size, false, family))]
  }
  const [first = '', ...rest] = wrap(text, width - lead, size, false, family)
  const more = wrap(rest.join(' '), width, size, false, family)
  // The first line is justified to what its heading or indent leaves, the others to the column.
  const [opening] = justified(
    more.length > 0 ? [first, ''] : [first],
    dx + lead,
    width - lead,
    size,
    family
  )
  const title = heading === '' ? [] : [{ x: dx, text: heading, size, font: 'bold' as const }]
  return [[...title, opening!], ...line(dx, width, more)]
}

/**
 * A booklet page: two to four columns (three most often) of justified prose whose paragraphs
 * open with a bold run-in heading, a heading on its own line or an indent, flowing from column
 * to column, and one or two side boxes (a bold label, sometimes a "!" over it, sometimes words
 * under it) in a column's left part beside a paragraph indented for it, or in the gutter left
 * of a column when the gutter is wide enough, drawn among the paragraph's lines or after them.
 */
export function variedBooklet(seed: number): VariedPage {
  const r = seeded(seed * 6151 + 11)
  const family = pick(r, ['Helvetica', 'Times', 'Courier'] as const)
  const size = pick(r, [8, 8.5, 9, 9.5, 10, 10.5, 11])
  const leading = Math.round(size * pick(r, [1.15, 1.2, 1.25, 1.3]) * 10) / 10
  const count = pick(r, [2, 3, 3, 3, 4])
  const gutter = between(r, 9, 36)
  const margin = between(r, 36, 54)
  const width = (612 - 2 * margin - (count - 1) * gutter) / count
  const style = pick<HeadingStyle>(r, [
    'run-in',
    'run-in caps',
    'own line',
    'indent',
    'run-in or indent'
  ])
  const spacing = pick(r, [0, 0, 1])
  const drawOrder = pick(r, ['anchored', 'anchored', 'after'] as const)
  const next = sentences(r)
  const top = 792 - margin
  const perColumn = Math.floor((top - margin - between(r, 0, 120)) / leading)
  const xs = Array.from({ length: count }, (_, c) => margin + c * (width + gutter))
  const boxAt = new Set([between(r, 1, 4), ...(r() < 0.5 ? [between(r, 5, 9)] : [])])
  const runs: Run[] = []
  const paragraphs: string[] = []
  const boxes: string[] = []
  const made = [
    `${count} columns ${width.toFixed(0)} pt wide, ${gutter} pt gutters, ${family} ${size}/${leading} pt, headings ${style}, ${spacing ? 'spaced' : 'solid'} paragraphs, boxes drawn ${drawOrder}`
  ]
  let c = 0
  let row = 0
  for (let p = 0; ; p++) {
    const text = paragraphOf(next, between(r, 1, 3))
    const words = `${capital(pick(r, ADJECTIVES))} ${pick(r, NOUNS)}${r() < 0.4 ? ` ${pick(r, NOUNS)}` : ''}.`
    const plain = style === 'indent' || (style === 'run-in or indent' && r() < 0.4)
    const heading = plain ? '' : style === 'run-in caps' ? words.toUpperCase() : words
    const label = pick(r, LABELS)
    const under = r() < 0.5 ? [] : [pick(r, ['See the', 'Check the', 'Read the']), pick(r, NOUNS)]
    const icon = r() < 0.5
    const boxWidth = (sz: number): number =>
      Math.max(...[label, ...under].map((t, i) => textWidth(t, i === 0 ? sz : 6, i === 0, family)))
    let boxed = boxAt.has(p)
    const inGutter = (col: number): boolean => col > 0 && gutter >= boxWidth(6) + 6
    const indentFor = (col: number): number =>
      boxed && !inGutter(col) ? Math.ceil(boxWidth(7)) + 6 : 0
    const reach = (col: number): number => width + (col + 1 < count ? gutter : margin)
    const rowsIn = (col: number, indent: number): Row[] =>
      paragraphRows(heading, text, style, indent, width - indent, size, family, reach(col))
    let rows = rowsIn(c, indentFor(c))
    // A boxed paragraph stays in one column, moving on to the next if it does not fit.
    if (boxed && row + rows.length > perColumn) {
      if (c + 1 < count && rows.length <= perColumn) {
        c++
        row = 0
        rows = rowsIn(c, indentFor(c))
      } else {
        boxed = false
        rows = rowsIn(c, 0)
      }
    }
    if ((count - c) * perColumn - row < rows.length) break
    const placed: Run[] = rows.flatMap((runsOfRow) => {
      if (row >= perColumn) {
        c++
        row = 0
      }
      const y = top - row++ * leading
      return runsOfRow.map((run) => ({ ...run, x: xs[c]! + run.x, y }))
    })
    const box: Run[] = []
    if (boxed) {
      const bx = inGutter(c) ? xs[c]! - gutter + 2 : xs[c]!
      const by = placed[0]!.y - (icon ? leading : 0)
      if (icon) box.push({ x: bx, y: placed[0]!.y, text: '!', size: 12, font: 'bold' })
      box.push({ x: bx, y: by, text: label, size: inGutter(c) ? 6 : 7, font: 'bold' })
      under.forEach((t, i) => box.push({ x: bx, y: by - (i + 1) * leading, text: t, size: 6 }))
      boxes.push([label, ...under].join(' '))
      made.push(
        `${inGutter(c) ? 'gutter' : 'margin'} box "${label}"${icon ? ' with !' : ''} in column ${c + 1}`
      )
    }
    const anchored = drawOrder === 'anchored'
    runs.push(
      ...(anchored ? [...placed.slice(0, 2), ...box, ...placed.slice(2)] : [...placed, ...box])
    )
    paragraphs.push(heading === '' ? text : `${heading} ${text}`)
    row += spacing
  }
  return { kind: 'booklet', seed, page: { runs }, family, paragraphs, boxes, make: made.join('; ') }
}

/**
 * A tri-fold leaflet: a landscape page in three panels 9 to 48 pt apart, each under its bold
 * heading, holding one or two paragraphs and maybe a list of short items or an address of short
 * lines, the panels ending at different heights; drawn row by row across the panels (as a layout
 * program may emit them) or panel by panel.
 */
export function variedTriFold(seed: number): VariedPage {
  const r = seeded(seed * 7927 + 5)
  const family = pick(r, ['Helvetica', 'Times', 'Courier'] as const)
  const size = pick(r, [8, 8.5, 9, 9.5, 10, 10.5, 11])
  const leading = Math.round(size * pick(r, [1.2, 1.3, 1.4]) * 10) / 10
  const headingSize = pick(r, [11, 12, 14, 16])
  const gap = between(r, 9, 48)
  const margin = between(r, 24, 40)
  const width = (792 - 2 * margin - 2 * gap) / 3
  const byRows = r() < 0.67
  const next = sentences(r)
  const runs: Run[] = []
  const paragraphs: string[] = []
  for (let p = 0; p < 3; p++) {
    const x = margin + p * (width + gap)
    let y = 612 - margin - headingSize
    const heading = `${capital(pick(r, ADJECTIVES))} ${pick(r, NOUNS)}`
    runs.push({ x, y, text: heading, size: headingSize, font: 'bold' })
    y -= headingSize * 1.6
    for (let k = 0, n = between(r, 1, 2); k < n; k++) {
      const text = paragraphOf(next, between(r, 1, 3))
      const lines = justified(wrap(text, width, size, false, family), x, width, size, family)
      lines.forEach((line) => {
        runs.push({ ...line, y })
        y -= leading
      })
      y -= leading * 0.6
      paragraphs.push(k === 0 ? `${heading} ${text}` : text)
    }
    const list = pick(r, ['none', 'items', 'address'] as const)
    const items =
      list === 'items'
        ? Array.from(
            { length: between(r, 2, 4) },
            () => `- ${capital(pick(r, NOUNS))}: ${pick(r, TIMES)}`
          )
        : list === 'address'
          ? [
              `${capital(pick(r, ADJECTIVES))} ${capital(pick(r, NOUNS))}`,
              `${between(r, 1, 99)} Market Street`,
              `VT${between(r, 1, 9)} ${between(r, 1, 9)}AB`
            ]
          : []
    for (const text of items) {
      runs.push({ x, y, text, size })
      paragraphs.push(text)
      y -= leading
    }
  }
  return leafletPage(
    { seed, family, runs, byRows, paragraphs },
    `panels ${width.toFixed(0)} pt wide, ${gap} pt apart, ${family} ${size}/${leading} pt, headings ${headingSize} pt, drawn ${byRows ? 'by rows' : 'by panels'}`
  )
}

/**
 * A landscape leaflet of `runs`, drawn a row at a time across its panels (the trap: MuPDF joins
 * the panels' lines) or panel by panel.
 */
export function leafletPage(
  drawn: {
    seed: number
    family: Family
    runs: Run[]
    byRows: boolean
    paragraphs: readonly string[]
  },
  make: string
): VariedPage {
  const { seed, family, runs, byRows, paragraphs } = drawn
  if (byRows) runs.sort((a, b) => b.y - a.y || a.x - b.x)
  const page = { width: 792, height: 612, runs }
  return { kind: 'tri-fold', seed, page, family, paragraphs, boxes: [], make }
}

/** A box's place and turn: `x`, `y` where its first line starts, in degrees counter-clockwise. */
type Turned = { angle: number; x: number; y: number; size: number; lines: string[] }

/**
 * Text boxes at several rotations around upright paragraphs in the page's middle: one turned a
 * quarter counter-clockwise up the left margin, one a quarter clockwise down the right margin,
 * one tilted a few degrees either way in a space between paragraphs or under them, some of
 * the three or all, each of one to three lines a step across its own baseline.
 */
export function variedTurnedBoxes(seed: number): VariedPage {
  const r = seeded(seed * 4099 + 17)
  const family = pick(r, ['Helvetica', 'Times', 'Courier'] as const)
  const size = pick(r, [8, 9, 10, 11])
  const leading = Math.round(size * 1.3 * 10) / 10
  const x = between(r, 120, 150)
  const width = between(r, 300, 340)
  const next = sentences(r)
  const kinds = pick(r, [
    ['up', 'down'],
    ['up', 'tilt'],
    ['down', 'tilt'],
    ['up', 'down', 'tilt'],
    ['tilt']
  ] as const)
  const boxSize = pick(r, [9, 10, 11, 12, 14])
  const boxLines = (length: number): string[] =>
    wrap(paragraphOf(next, 1), length, boxSize, false, family).slice(0, between(r, 1, 3))
  const runs: Run[] = []
  const paragraphs: string[] = []
  const turned: Turned[] = []
  let y = 740
  for (let k = 0, n = between(r, 2, 3); k < n; k++) {
    const text = paragraphOf(next, between(r, 1, 3))
    for (const line of justified(wrap(text, width, size, false, family), x, width, size, family)) {
      runs.push({ ...line, y })
      y -= leading
    }
    paragraphs.push(text)
    y -= leading
    if (k === 0 && kinds.includes('tilt' as never)) {
      const angle = pick(r, [-15, -10, -6, -3, 3, 6, 10, 15])
      const length = between(r, 140, 220)
      const lines = boxLines(length)
      const rise = Math.sin((Math.abs(angle) * Math.PI) / 180) * length
      const step = boxSize * 1.3
      // Its first line's top meets the space's top, rising from there or falling to it.
      const start = angle > 0 ? y - boxSize - rise : y - boxSize
      const height = boxSize * 1.3 + rise + (lines.length - 1) * step
      turned.push({ angle, x: x + between(r, 0, 40), y: start, size: boxSize, lines })
      y -= height + leading
    }
  }
  const middle = between(r, 300, 560)
  if (kinds.includes('up' as never)) {
    turned.push({
      angle: 90,
      x: x - 60,
      y: middle - 80,
      size: boxSize,
      lines: boxLines(between(r, 160, 300))
    })
  }
  if (kinds.includes('down' as never)) {
    turned.push({
      angle: 270,
      x: x + width + 50,
      y: middle + 80,
      size: boxSize,
      lines: boxLines(between(r, 160, 300))
    })
  }
  for (const box of turned) {
    const rad = (box.angle * Math.PI) / 180
    // The next line of a box is a step down its own frame: along (sin, -cos) on the page.
    const step = box.size * 1.3
    box.lines.forEach((text, i) =>
      runs.push({
        x: box.x + i * step * Math.sin(rad),
        y: box.y - i * step * Math.cos(rad),
        text,
        size: box.size,
        angle: box.angle
      })
    )
  }
  return {
    kind: 'rotated-boxes',
    seed,
    page: { runs },
    family,
    paragraphs,
    boxes: turned.map((b) => b.lines.join(' ')),
    make: `${family} ${size} pt text ${width} pt wide, boxes ${turned.map((b) => `${b.angle}° (${b.lines.length} lines)`).join(', ')} at ${boxSize} pt`
  }
}

/** `count` pages, the kinds in turn, each drawn from `seed` and its place in the run. */
export function variedPages(count: number, seed: number): VariedPage[] {
  const makers = {
    booklet: variedBooklet,
    'tri-fold': variedTriFold,
    'rotated-boxes': variedTurnedBoxes
  }
  return Array.from({ length: count }, (_, i) => {
    const kind = VARIED_KINDS[i % VARIED_KINDS.length]!
    return makers[kind](seed * 1000 + Math.floor(i / VARIED_KINDS.length))
  })
}
