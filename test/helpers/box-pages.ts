import { column, type DrawnPage, type Frame, type Run } from './drawn-pdf.js'
import { PROSE, flat } from './prose.js'

/**
 * Pages with a side box that carries no label word, by kind: a framed or shaded box of a few
 * lines in smaller type set inside a column in the middle of a paragraph, a shaded box in a wide
 * gutter, and a note in small type in the page's margin. Each page says what a reader should get:
 * the columns' paragraphs whole and in order, and the box as a paragraph of its own read right
 * after the paragraph it stands in or beside.
 */
export type BoxPage = Readonly<{
  page: DrawnPage
  /** The page's paragraphs in reading order, without the box, each as `recto text` sets it. */
  paragraphs: readonly string[]
  /** The box's text as one paragraph. */
  box: string
  /** The paragraph the box is read after. */
  after: string
}>

const SIZE = 10
const LEADING = 12
const BOX_SIZE = 8
const BOX_LEADING = 9.6
const TOP = 740

/** Texts unrelated to each other, so that a box's line read in a paragraph shows. */
const BOX_TEXT = {
  framed:
    'Keep every receipt for three years after you file, in case the office asks to see one of them.',
  gutter: 'Forms are free at any post office in town.',
  margin: 'Tickets for the summer concerts go on sale in May at the town hall.'
} as const

const PARAGRAPHS = [
  PROSE.harbour,
  PROSE.orchard,
  PROSE.railway,
  PROSE.library,
  PROSE.weather,
  PROSE.bakery
]

export type BoxKind = 'framed' | 'shaded'

/**
 * `columns` columns of two paragraphs each; in the first column's first paragraph, after its
 * fourth line (mid-sentence), a box of smaller type inset from the column's edges, stroked
 * (`framed`) or filled grey (`shaded`). `boxLast` draws the box after all the text, as a layout
 * program may emit a floating frame, instead of between the paragraph's lines.
 */
export function insetBoxPage(columns: 2 | 3, kind: BoxKind, boxLast = false): BoxPage {
  const gutter = 24
  const width = (540 - (columns - 1) * gutter) / columns
  const runs: Run[] = []
  const frames: Frame[] = []
  const late: Run[] = []
  for (let c = 0; c < columns; c++) {
    const x = 36 + c * (width + gutter)
    let top = TOP
    for (const text of PARAGRAPHS.slice(2 * c, 2 * c + 2)) {
      const lines = column(text, x, top, width, SIZE, LEADING)
      if (c === 0 && text === PARAGRAPHS[0]) {
        const head = lines.slice(0, 4)
        const inset = 10
        const boxLines = column(
          BOX_TEXT.framed,
          x + inset,
          head[3]!.y - LEADING - 6,
          width - 2 * inset,
          BOX_SIZE,
          BOX_LEADING
        )
        const boxBottom = boxLines[boxLines.length - 1]!.y - 4
        const boxTop = boxLines[0]!.y + BOX_SIZE + 2
        frames.push({
          x: x + inset - 4,
          y: boxBottom,
          width: width - 2 * inset + 8,
          height: boxTop - boxBottom,
          ...(kind === 'shaded' ? { fill: 0.85 } : {})
        })
        // The paragraph goes on under the box where its fifth line would have stood.
        const drop = head[3]!.y - LEADING - (boxBottom - 6 - LEADING)
        const tail = lines.slice(4).map((r) => ({ ...r, y: r.y - drop }))
        runs.push(...head)
        ;(boxLast ? late : runs).push(...boxLines)
        runs.push(...tail)
        top = tail[tail.length - 1]!.y - 3 * LEADING
      } else {
        runs.push(...lines)
        top = lines[lines.length - 1]!.y - 3 * LEADING
      }
    }
  }
  return {
    page: { runs: [...runs, ...late], frames },
    paragraphs: PARAGRAPHS.slice(0, 2 * columns).map(flat),
    box: BOX_TEXT.framed,
    after: flat(PARAGRAPHS[0]!)
  }
}

/**
 * `columns` columns of one paragraph each, 60 pt apart; in the gutter right of the first column,
 * beside the middle of the second column's paragraph, a shaded box of short lines in small type.
 */
export function gutterBoxPage(columns: 2 | 3): BoxPage {
  const gutter = 60
  const width = (540 - (columns - 1) * gutter) / columns
  const runs: Run[] = []
  const frames: Frame[] = []
  for (let c = 0; c < columns; c++) {
    const x = 36 + c * (width + gutter)
    runs.push(...column(PARAGRAPHS[c]!, x, TOP, width, SIZE, LEADING))
  }
  const x = 36 + width + 6
  const boxLines = column(BOX_TEXT.gutter, x, TOP - 4 * LEADING, gutter - 12, 7, 8.4)
  const bottom = boxLines[boxLines.length - 1]!.y - 4
  frames.push({
    x: x - 3,
    y: bottom,
    width: gutter - 6,
    height: TOP - 4 * LEADING + 9 - bottom,
    fill: 0.85
  })
  // Drawn between the lines of the column right of it, where the layout program anchored it.
  const at = runs.findIndex((r) => r.x > x && r.y < TOP - 4 * LEADING)
  runs.splice(at, 0, ...boxLines)
  return {
    page: { runs, frames },
    paragraphs: PARAGRAPHS.slice(0, columns).map(flat),
    box: BOX_TEXT.gutter,
    after: flat(PARAGRAPHS[1]!)
  }
}

/**
 * A text of `columns` columns set right of a wide left margin, one paragraph a column, and in
 * the margin, beside the middle of the first column's paragraph, a note of a few lines in small
 * type.
 */
export function marginNotePage(columns: 1 | 2 | 3): BoxPage {
  const margin = 150
  const gutter = 24
  const width = (576 - margin - (columns - 1) * gutter) / columns
  const runs: Run[] = []
  for (let c = 0; c < columns; c++) {
    const x = margin + c * (width + gutter)
    runs.push(...column(PARAGRAPHS[c]!, x, TOP, width, SIZE, LEADING))
  }
  const note = column(BOX_TEXT.margin, 36, TOP - 3 * LEADING, margin - 36 - 18, 7.5, 9)
  return {
    page: { runs: [...runs, ...note] },
    paragraphs: PARAGRAPHS.slice(0, columns).map(flat),
    box: BOX_TEXT.margin,
    after: flat(PARAGRAPHS[0]!)
  }
}
