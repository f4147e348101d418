import { drawnLine, type Line } from './layout.js'

/** Times the body's size a panel's heading is set in, at least. */
const HEADING = 1.1

/**
 * A line set as a panel's heading over body text of size `body`: HEADING times larger at its
 * largest, and of two letters or more (not a bullet, nor a space MuPDF set apart). Text in the
 * body's size (a form's labels and values, a table's cells) is no heading. Extraction cuts two
 * such headings MuPDF joined across a band of the page's whitespace (straddling-blocks.ts); the
 * checks flag those it left joined (panel-headings.ts).
 */
export function isPanelHeading(line: Line, body: number): boolean {
  return Math.max(...line.spans.map((s) => s.size)) >= body * HEADING && isWorded(line)
}

/** A line of two letters or more: a word, not a bullet, a figure or a space set apart. */
export const isWorded = (line: Line): boolean =>
  (drawnLine(line).match(/\p{L}/gu)?.length ?? 0) >= 2
