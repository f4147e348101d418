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
  return leaflet(seed, false)
}

/**
 * variedLeaflet with what it leaves out of a printed leaflet: the panel that folds in a few
 * points narrower than the other two, numbered lists, an address of short lines (street, town,
 * telephone, web address) and a quotation set larger and centred. Its own seeds: leaflet 5 of
 * this set is no relation of variedLeaflet's.
 */
export function variedPrintedLeaflet(seed: number): VariedPage {
  return leaflet(seed, true)
}

function leaflet(seed: number, printed: boolean): VariedPage {
  const r = seeded(printed ? seed * 7919 + 5 : seed * 6151 + 11)
  const family = pick(r, ['Helvetica', 'Times', 'Courier'] as const)
  const size = pick(r, [8, 8.5, 9, 9.5, 10, 10.5, 11])
  const leading = Math.round(size * pick(r, [1.2, 1.3, 1.4]) * 10) / 10
  const headingSize = pick(r, [size, 11, 12, 14])
  const gap = between(r, 12, 54)
  const margin = between(r, 24, 40)
  const width = (792 - 2 * margin - 2 * gap) / 3
  const narrower = printed && r() < 0.5 ? between(r, 4, 10) : 0
  const widths = [width + narrower / 2, width + narrower / 2, width - narrower]
  const ragged = r() < 0.5
  // Base-14 marks only: the drawn pages' strings are single bytes.
  const mark = pick(r, ['-', 'o', '*'])
  const cover = pick(r, [-1, -1, 2, 0])
  const byRows = r() < 0.5
  const next = sentences(r)
  const runs: Run[] = []
  const paragraphs: string[] = []
  const pieces = printed ? [...PIECES, ...PRINTED_PIECES] : PIECES
  for (let p = 0; p < 3; p++) {
    const x = margin + p * gap + sum(widths.slice(0, p))
    const style: Style = { family, size, leading, width: widths[p]!, ragged }
    if (p === cover) {
      coverPanel(r, next, x, style, runs, paragraphs)
      continue
    }
    let y = 612 - margin - headingSize
    for (let s = 0, n = between(r, 1, 3); s < n && y > 140; s++) {
      const heading = s === 0 || r() < 0.8 ? headingOf(r) : ''
      if (heading !== '') {
        for (const text of wrap(heading, style.width, headingSize, true, family)) {
          runs.push({ x, y, text, size: headingSize, font: 'bold' })
          y -= headingSize * 1.2
        }
        y -= headingSize * 0.3
      }
      let first = heading !== ''
      for (const piece of pick(r, pieces)) {
        if (y < 110) break
        const opened = first ? `${heading} ` : ''
        first = false
        const drawn = { runs: runs.length, paragraphs: paragraphs.length }
        if (piece === 'p') {
          const text = paragraphOf(next, between(r, 1, 3))
          y = setLines(wrap(text, style.width, size, false, family), x, y, style, runs)
          paragraphs.push(`${opened}${text}`)
        } else if (piece === 'q') {
          y = quotation(r, next, opened, x, y, style, runs, paragraphs)
        } else if (piece === 'a') {
          const lines = addressOf(r)
          y = setLines(lines, x, y, { ...style, ragged: true }, runs)
          paragraphs.push(`${opened}${lines.join(' ')}`)
        } else {
          for (let k = 0, m = between(r, 2, 4); k < m; k++) {
            const item = `${capital(pick(r, NOUNS))}: ${pick(r, TIMES)}${r() < 0.3 ? ` and again ${pick(r, TIMES)}` : ''}`
            const marked = piece === 'n' ? `${k + 1}.` : mark
            // A number wider than a bullet still stands a space from its item's text.
            const indent =
              piece === 'n'
                ? Math.max(MARK_INDENT, textWidth(`${marked} `, size, false, family))
                : MARK_INDENT
            runs.push({ x, y, text: marked, size })
            for (const text of wrap(item, style.width - indent, size, false, family)) {
              runs.push({ x: x + indent, y, text, size })
              y -= leading
            }
            paragraphs.push(`${k === 0 ? opened : ''}${marked} ${item}`)
          }
        }
        // A piece that would run off the sheet's foot is left out, as a print shop leaves it:
        // its lines would be in the truth and nowhere on the page.
        if (runs.slice(drawn.runs).some((run) => run.y < 0)) {
          runs.length = drawn.runs
          paragraphs.length = drawn.paragraphs
          if (opened !== '') paragraphs.push(heading)
          break
        }
        y -= leading * 0.6
      }
      y -= leading * 0.8
    }
  }
  const panels =
    narrower === 0
      ? `panels ${width.toFixed(0)} pt wide`
      : `panels ${widths.map((w) => w.toFixed(0)).join('/')} pt wide`
  return leafletPage(
    { seed, family, runs, byRows, paragraphs },
    `leaflet of ${panels}, ${gap} pt apart, ${family} ${size}/${leading} pt, ` +
      `headings ${headingSize} pt, ${ragged ? 'ragged' : 'justified'}, items marked "${mark}", ` +
      `${cover < 0 ? 'no cover' : `cover in panel ${cover + 1}`}, drawn ${byRows ? 'by rows' : 'by panels'}`
  )
}

/**
 * What a section holds after its heading: paragraphs (p) and lists (l); a printed leaflet's also
 * numbered lists (n), quotations (q) and addresses (a).
 */
const PIECES = ['p', 'pp', 'pl', 'l']
const PRINTED_PIECES = ['pn', 'n', 'pq', 'qp', 'pa', 'a']

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0)

/** An address as a leaflet's back panel gives it, a line each: street, town, telephone, web. */
const addressOf = (r: Random): string[] => [
  `${between(r, 2, 99)} ${capital(pick(r, NOUNS))} Street`,
  `${capital(pick(r, ADJECTIVES))} ${capital(pick(r, NOUNS))} VT${between(r, 1, 9)} ${between(r, 1, 9)}AB`,
  `Tel. 0${between(r, 1000, 9999)} ${between(r, 100000, 999999)}`,
  `www.${pick(r, NOUNS)}-${pick(r, NOUNS)}.org`
]

/** A sentence in quotation marks, 2 to 4 points larger than the text, each line centred. */
function quotation(
  r: Random,
  next: () => string,
  opened: string,
  x: number,
  y: number,
  { family, size, width }: Style,
  runs: Run[],
  paragraphs: string[]
): number {
  const quoted = `"${paragraphOf(next, 1)}"`
  const larger = size + pick(r, [2, 3, 4])
  for (const text of wrap(quoted, width - 24, larger, false, family)) {
    runs.push({
      x: x + (width - textWidth(text, larger, false, family)) / 2,
      y,
      text,
      size: larger
    })
    y -= larger * 1.25
  }
  paragraphs.push(`${opened}${quoted}`)
  return y
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
