import { textWidth, wrap, type Family, type Run } from './drawn-pdf.js'
import { between, pick, seeded } from './generated-tables.js'
import { leafletPage, type VariedPage } from './varied-layouts.js'
import {
  ADJECTIVES,
  NOUNS,
  TIMES,
  capital,
  justified,
  paragraphOf,
  sentences,
  type Random
} from './word-pool.js'

/**
 * A tri-fold leaflet filled as a print shop fills one, where variedTriFold sets each panel a
 * heading over a paragraph or two: each panel one to three sections (a heading of one or two
 * lines over paragraphs, a list of items that wrap under their marks, or both), ragged or
 * justified, and one panel sometimes a cover (a large title and a line under it, centred). The
 * panels' sections end where their text ends, so one panel's list stands level with another's
 * heading or paragraph by chance, the trap of a page drawn a row at a time across its panels.
 * Kept apart from variedPages, whose seeds the tests name.
 */
export function variedLeaflet(seed: number): VariedPage {
  const r = seeded(seed * 6151 + 11)
  const family = pick(r, ['Helvetica', 'Times', 'Courier'] as const)
  const size = pick(r, [8, 8.5, 9, 9.5, 10, 10.5, 11])
  const leading = Math.round(size * pick(r, [1.2, 1.3, 1.4]) * 10) / 10
  const headingSize = pick(r, [size, 11, 12, 14])
  const gap = between(r, 12, 54)
  const margin = between(r, 24, 40)
  const width = (792 - 2 * margin - 2 * gap) / 3
  const ragged = r() < 0.5
  // Base-14 marks only: the drawn pages' strings are single bytes.
  const mark = pick(r, ['-', 'o', '*'])
  const cover = pick(r, [-1, -1, 2, 0])
  const byRows = r() < 0.5
  const next = sentences(r)
  const runs: Run[] = []
  const paragraphs: string[] = []
  const style: Style = { family, size, leading, width, ragged }
  for (let p = 0; p < 3; p++) {
    const x = margin + p * (width + gap)
    if (p === cover) {
      coverPanel(r, next, x, style, runs, paragraphs)
      continue
    }
    let y = 612 - margin - headingSize
    for (let s = 0, n = between(r, 1, 3); s < n && y > 140; s++) {
      const heading = s === 0 || r() < 0.8 ? headingOf(r) : ''
      if (heading !== '') {
        for (const text of wrap(heading, width, headingSize, true, family)) {
          runs.push({ x, y, text, size: headingSize, font: 'bold' })
          y -= headingSize * 1.2
        }
        y -= headingSize * 0.3
      }
      let first = heading !== ''
      for (const piece of pick(r, ['p', 'pp', 'pl', 'l'])) {
        if (y < 110) break
        const opened = first ? `${heading} ` : ''
        first = false
        if (piece === 'p') {
          const text = paragraphOf(next, between(r, 1, 3))
          y = setLines(wrap(text, width, size, false, family), x, y, style, runs)
          paragraphs.push(`${opened}${text}`)
        } else {
          for (let k = 0, m = between(r, 2, 4); k < m; k++) {
            const item = `${capital(pick(r, NOUNS))}: ${pick(r, TIMES)}${r() < 0.3 ? ` and again ${pick(r, TIMES)}` : ''}`
            runs.push({ x, y, text: mark, size })
            for (const text of wrap(item, width - MARK_INDENT, size, false, family)) {
              runs.push({ x: x + MARK_INDENT, y, text, size })
              y -= leading
            }
            paragraphs.push(`${k === 0 ? opened : ''}${mark} ${item}`)
          }
        }
        y -= leading * 0.6
      }
      y -= leading * 0.8
    }
  }
  return leafletPage(
    { seed, family, runs, byRows, paragraphs },
    `leaflet of panels ${width.toFixed(0)} pt wide, ${gap} pt apart, ${family} ${size}/${leading} pt, ` +
      `headings ${headingSize} pt, ${ragged ? 'ragged' : 'justified'}, items marked "${mark}", ` +
      `${cover < 0 ? 'no cover' : `cover in panel ${cover + 1}`}, drawn ${byRows ? 'by rows' : 'by panels'}`
  )
}

type Style = Readonly<{
  family: Family
  size: number
  leading: number
  width: number
  ragged: boolean
}>

/** Points a list item's text stands right of its mark. */
const MARK_INDENT = 12

const headingOf = (r: Random): string =>
  `${capital(pick(r, ADJECTIVES))} ${pick(r, NOUNS)}` +
  (r() < 0.3 ? ` and the ${pick(r, NOUNS)} ${pick(r, NOUNS)}` : '')

/** A paragraph's lines from `y` down, ragged or justified; where the next block may start. */
function setLines(
  lines: readonly string[],
  x: number,
  y: number,
  { family, size, leading, width, ragged }: Style,
  runs: Run[]
): number {
  const rows = ragged
    ? lines.map((text) => ({ x, text, size }))
    : justified(lines, x, width, size, family)
  for (const row of rows) {
    runs.push({ ...row, y })
    y -= leading
  }
  return y
}

/** A cover: a title of 20 to 28 pt and a sentence under it, centred low in the panel. */
function coverPanel(
  r: Random,
  next: () => string,
  x: number,
  { family, size, width }: Style,
  runs: Run[],
  paragraphs: string[]
): void {
  const title = `${capital(pick(r, ADJECTIVES))} ${capital(pick(r, NOUNS))} ${pick(r, ['Guide', 'Trail', 'Festival', 'Society'])}`
  const big = pick(r, [20, 24, 28])
  const centred = (text: string, at: number, bold: boolean): number =>
    x + (width - textWidth(text, at, bold, family)) / 2
  let y = 612 - between(r, 150, 260)
  for (const text of wrap(title, width, big, true, family)) {
    runs.push({ x: centred(text, big, true), y, text, size: big, font: 'bold' })
    y -= big * 1.2
  }
  y -= big * 0.5
  const line = paragraphOf(next, 1)
  for (const text of wrap(line, width - 20, size + 1, false, family)) {
    runs.push({ x: centred(text, size + 1, false), y, text, size: size + 1 })
    y -= (size + 1) * 1.3
  }
  paragraphs.push(title, line)
}
