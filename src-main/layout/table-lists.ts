/** What of a table's cell tells a list: its place and text (table-cells.ts's TableCell). */
type MarkedCell = Readonly<{ row: number; column: number; text: string }>

/** A list's marker: a bullet, a dash, an asterisk, a small "o" drawn as one. */
const MARKER = /^[•·▪◦●○■□►▸‣⁃∙*o–—-]$/u

/**
 * Whether a region's cells are a bulleted list set with a tab after each marker: every row opens
 * with the same marker alone in the first column. Read as a table, an item that wraps under its
 * text has its second line's words dealt into the cells beside its first ("o Museum: the flood
 * after the storm and again since"); read as a list, it is one item. A table's first column holds
 * labels or figures, not one glyph over and over.
 */
export function isMarkedList(cells: readonly MarkedCell[], rows: number): boolean {
  const first = cells.filter((c) => c.column === 0)
  const rowsOpened = new Set(first.map((c) => c.row))
  return (
    rows >= 2 &&
    rowsOpened.size === rows &&
    first.every((c) => MARKER.test(c.text) && c.text === first[0]!.text)
  )
}
