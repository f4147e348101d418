import { bodySize } from '../layout/body-size.js'
import {
  boundsOf,
  drawnLine,
  isBoldLine,
  isHorizontal,
  type BBox,
  type Line
} from '../shared/layout.js'
import type { CheckInput } from './check.js'
import { pageBands } from '../shared/openings.js'
import { isPanelHeading, isWorded } from '../shared/panel-heading.js'
import { readBlocks, sameRow } from './read-lines.js'

export type JoinedHeadings = Readonly<{ text: string; bbox: BBox }>

/**
 * Panels' headings read as one line: a block of the read text holds, on one row, headings on
 * either side of a band of whitespace that runs down the page's whole text, each over text of
 * its own side ("Old archive Broken meadow", a leaflet drawn row by row whose panels' headings
 * fall level). No reading order parts a block: each panel's heading is read away from its
 * panel, the second before the first panel's text. A band is whitespace no line of the page
 * reaches into, an em wide and more, so a title or a running head across the columns leaves
 * none, and a row whose headings are parted by it stands in two columns of the page. Text in
 * the body's size is a heading only in bold (a leaflet set in Courier heads its panels so; a
 * form's labels and values are not), nor is a piece of a row without two letters (a space MuPDF
 * set apart, a bullet). A table read as one, its header row in bold, is left out.
 */
export function joinedHeadings(input: CheckInput): JoinedHeadings[] {
  const lines = input.layout.blocks.flatMap((b) => b.lines).filter(isHorizontal)
  const em = bodySize(input.layout)
  const bands = pageBands(lines, em)
  if (bands.length === 0) return []
  const found: JoinedHeadings[] = []
  for (const { role, block } of readBlocks(input)) {
    if (role === 'table') continue
    for (const row of rowsOf(block.lines.filter(isHorizontal))) {
      const headings = row.filter((l) => isPanelHeading(l, em) || (isBoldLine(l) && isWorded(l)))
      const parted = bands.some(
        ([a, b]) =>
          headings.some((l) => l.bbox[2] <= a && textUnder(l, lines)) &&
          headings.some((l) => l.bbox[0] >= b && textUnder(l, lines))
      )
      if (parted) {
        found.push({
          text: row.map((l) => drawnLine(l).trim()).join(' '),
          bbox: boundsOf(row.map((l) => l.bbox))
        })
      }
    }
  }
  return found
}

/** Some line of the page starts under the heading, within its width. */
const textUnder = (heading: Line, lines: readonly Line[]): boolean =>
  lines.some(
    (l) =>
      l.bbox[1] >= heading.bbox[3] &&
      l.bbox[0] < heading.bbox[2] &&
      l.bbox[2] > heading.bbox[0] &&
      !sameRow(l.bbox, heading.bbox)
  )

/** The block's lines grouped by row, top to bottom. */
function rowsOf(lines: readonly Line[]): Line[][] {
  const rows: Line[][] = []
  for (const line of lines) {
    const row = rows.find((r) => sameRow(r[0]!.bbox, line.bbox))
    if (row) row.push(line)
    else rows.push([line])
  }
  return rows
}
