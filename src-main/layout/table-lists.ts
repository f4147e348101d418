import { BULLET } from '../shared/list-marker.js'

/** What of a table's cell tells a list: its place and text (table-cells.ts's TableCell). */
type MarkedCell = Readonly<{ row: number; column: number; text: string }>

/**
 * A list's marker, alone or before its item's first words: a bullet, a dash, an asterisk, a
 * small "o" drawn as one (before words, only before a capital, as "o" is also an article).
 */
const MARKED = new RegExp(String.raw`^(${BULLET}|o(?=$|\s+\p{Lu}))(?:$|\s+\p{L})`, 'u')

/** The marker a first column's cell opens with, or '' for none. */
const markerOf = (text: string): string => MARKED.exec(text)?.[1] ?? ''

/**
 * Whether a region's cells are a bulleted list set with a tab after each marker: half its rows
 * or more open with the same marker in the first column, alone or with the item's first words
 * (Courier's even word gaps cut as columns), the rest an item's wrapped line left as a row of its
 * own, and the first row does too or is the list's heading. Read as a table, an item that wraps
 * under its text has its second line's words dealt into the cells beside its first ("o Museum:
 * the flood after the storm and again since"); read as a list, it is one item. A table's first
 * column holds labels or figures, not one glyph over and over.
 */
export function isMarkedList(cells: readonly MarkedCell[], rows: number): boolean {
  const markers = cells.filter((c) => c.column === 0 && c.row > 0)
  const marker = markerOf(markers[0]?.text ?? '')
  const opened = new Set(markers.map((c) => c.row)).size
  const head = cells.find((c) => c.column === 0 && c.row === 0)
  const headed = markerOf(head?.text ?? '') !== marker
  // An item wrapped once is two rows, the marker's and its second line's: half the rows at least.
  const items = opened + (headed ? 0 : 1)
  return (
    marker !== '' &&
    markers.every((c) => markerOf(c.text) === marker) &&
    opened >= (headed ? 2 : 1) &&
    items * 2 >= rows - (headed ? 1 : 0)
  )
}
