import { blockTextDetail } from '../layout/block-text.js'
import { lineChars } from '../layout/frame.js'
import { analyzeOrder, bodySize } from '../layout/page-order.js'
import { SUBFIGURE_LABEL } from '../layout/xy-cut.js'
import { isCjkGlyph } from '../shared/cjk.js'
import {
  drawnLine,
  EXCLUDED_ROLES,
  middleSize,
  shareRow,
  spansOf,
  type Block
} from '../shared/layout.js'
import type { Check } from './check.js'

/** A grid needs 4 cells: two aligned labels are a heading and its value, not a table. */
const MIN_CELLS = 4

/**
 * Cells of at most 3 characters are a figure's lettering or a small matrix ("a", "γ1", "yP", "*"):
 * read row by row they lose nothing a reviewer could mend (GeoTopo's figures).
 */
const LABEL_CHARS = 3

/** A line number: a few figures, maybe with a stop or bracket. */
const LINE_NUMBER = /^\s*\d{1,4}[.)]?\s*$/u

/**
 * Sub-figures side by side, captioned "(a) …", "(b) …": their plots' ticks, labels and captions
 * line up in rows, but they are figures (GeoTopo's pages 31, 38, 50, 82, 96).
 */
function isFigureRow(cells: readonly Block[]): boolean {
  const letters = cells.map((b) => SUBFIGURE_LABEL.exec(blockTextDetail(b).text)?.[1])
  return new Set(letters.filter((l) => l !== undefined)).size >= 2
}

/**
 * A chart's ticks and legend or a diagram's labels are set far smaller than the text around them:
 * the corpus's figure grids at 28-55% of the body size (tracemonkey p6, issue-1061 p10, naacl06
 * p2, GeoTopo), its tables and forms at 84% or more.
 */
const FIGURE_TEXT = 0.7

function isFigureLettering(cells: readonly Block[], body: number): boolean {
  return (middleSize(spansOf(cells)) ?? body) < body * FIGURE_TEXT
}

/**
 * Lines of text numbered in a column of their own (a court transcript's 1 to 25): read row by
 * row, each number opens its line, and there is nothing a reviewer must put back in order. The
 * numbers stand left of all the text, and each row holds one line of text, where a table's row
 * holds a cell per column.
 */
function isNumberedLines(cells: readonly Block[]): boolean {
  const text = (b: Block): string => blockTextDetail(b).text
  const written = cells.filter((b) => text(b).trim() !== '')
  const lines = written.filter((b) => !LINE_NUMBER.test(text(b)))
  const left = Math.min(...lines.map((b) => b.bbox[0]))
  // A page number elsewhere in the grid is neither.
  const numbers = written.filter((b) => LINE_NUMBER.test(text(b)) && b.bbox[2] <= left)
  if (numbers.length < 3 || lines.length < 3) return false
  return !lines.some((a, i) => lines.slice(i + 1).some((b) => shareRow(a.bbox, b.bbox)))
}

/** A block of CJK glyphs set one to a line: vertical writing. */
function isVerticalCjk(block: Block): boolean {
  return block.lines.every((l) => isCjkGlyph(drawnLine(l)))
}

/**
 * Table and form regions, read row by row. Where Recto assembled the rows from separate blocks
 * whose tops line up, the cell order is its own reconstruction and a reviewer should look
 * (warn); where MuPDF already gave the table as one block of rows, the rows are the file's own
 * and the flag is a note (info). Vertical CJK never comes as rows (MuPDF gives each glyph a line
 * of its own): a block of such glyphs in table rows is Recto's assembly too.
 */
export const table: Check = ({ layout, roles }) => {
  // A running head set in two cells ("NIST SP 800-223" left, the title right) is no table a
  // reader meets: it is left out of the text.
  const read = (id: number): boolean => !EXCLUDED_ROLES.has(roles[id] ?? 'body')
  const body = bodySize(layout)
  const grids = analyzeOrder(layout)
    .grids.map((g) => g.filter(read))
    .filter((g) => {
      const cells = g.map((id) => layout.blocks[id]!)
      return (
        cells.length >= MIN_CELLS &&
        cells.some((b) => b.lines.reduce((n, line) => n + lineChars(line), 0) > LABEL_CHARS) &&
        !isFigureRow(cells) &&
        !isFigureLettering(cells, body) &&
        !isNumberedLines(cells)
      )
    })
  const inBlock = layout.blocks
    .filter((b) => read(b.id) && blockTextDetail(b).tabular)
    .map((b) => b.id)
  if (grids.length === 0 && inBlock.length === 0) return []
  const assembled = inBlock.some((id) => isVerticalCjk(layout.blocks[id]!))
  const cells = grids.reduce((n, g) => n + g.length, 0)
  const parts: string[] = []
  if (grids.length > 0) {
    parts.push(
      `${grids.length} grid${grids.length > 1 ? 's' : ''} of ${cells} blocks read row by row; cell order needs a look`
    )
  }
  if (inBlock.length > 0) {
    parts.push(`${inBlock.length} block${inBlock.length > 1 ? 's' : ''} of table rows`)
  }
  return [
    {
      code: 'table',
      severity: grids.length > 0 || assembled ? 'warn' : 'info',
      message: parts.join('; '),
      evidence: { grids, tableBlocks: inBlock }
    }
  ]
}
