import {
  drawnLine,
  drawnText,
  type BBox,
  type Block,
  type BlockRole,
  type PageLayout
} from '../shared/layout.js'
import { rows, size } from './block-rows.js'
import { endsInHyphen, joinHyphenated, vocabularyOf } from './hyphenation.js'
import { normalizeText } from './normalize.js'
import { endsInLeader } from '../shared/leader.js'
import { LIST_MARKER, MARKER_START } from '../shared/list-marker.js'

/** A continuation line starts at least this many ems right of its item's marker. */
const HANG = 0.3

export type ListItem = Readonly<{
  /** The marker as drawn: "•", "1.", "(ii)". */
  marker: string
  text: string
  /** Left edge of the marker: what the item's nesting level is read from. */
  x: number
  bbox: BBox
}>

/**
 * A block's list items: each row that opens with a marker starts one, and the rows under it that
 * hang right of the marker continue it. Null where the block does not open with a marker, a row
 * returns to the marker's edge without one (a numbered paragraph).
 */
export function listItems(block: Block): ListItem[] | null {
  // Most blocks have no line that opens with a marker: they are told without reading rows.
  if (!block.lines.some((l) => MARKER_START.test(drawnLine(l).trimStart()))) return null
  const em = size(block)
  const rs = rows(block, em, false)
  if (rs.length === 0) return null
  const items: {
    marker: string
    text: string
    x: number
    bbox: [number, number, number, number]
  }[] = []
  let vocabulary: ReturnType<typeof vocabularyOf> | null = null
  for (const row of rs) {
    const text = (row.pieces[0] ?? '').trim()
    if (text === '') continue
    const marker = LIST_MARKER.exec(text)
    const item = items.at(-1)
    if (marker) {
      items.push({
        marker: marker[1]!,
        text: text.slice(marker[0].length),
        x: row.x0,
        bbox: [row.x0, row.y0, row.x1, row.y1]
      })
      continue
    }
    if (!item || row.x0 < item.x + em * HANG) return null
    const joined = endsInHyphen(item.text)
      ? joinHyphenated(item.text, text, (vocabulary ??= vocabularyOf(drawnText(block))))
      : null
    item.text = joined ? joined.text : `${item.text} ${text}`
    item.bbox = [
      Math.min(item.bbox[0], row.x0),
      item.bbox[1],
      Math.max(item.bbox[2], row.x1),
      Math.max(item.bbox[3], row.y1)
    ]
  }
  // A table of contents' entries ("1. Introduction ...... 4") are entries, not a list.
  if (items.length === 0 || items.some((item) => endsInLeader(item.text))) return null
  return items.map((item) => ({ ...item, text: normalizeText(item.text) }))
}

/** Nesting levels (0 outermost) of a list's items, from how far right their markers stand. */
export function itemLevels(items: readonly ListItem[], em: number): number[] {
  const edges: number[] = []
  for (const x of [...items.map((i) => i.x)].sort((a, b) => a - b)) {
    if (edges.length === 0 || x - edges.at(-1)! > em * 0.5) edges.push(x)
  }
  return items.map((item) => {
    let level = 0
    edges.forEach((edge, i) => {
      if (item.x >= edge - em * 0.5) level = i
    })
    return level
  })
}

/**
 * Two blocks one right under the other (within 1.5 ems), sharing some width, set in one size:
 * one list. A numbered heading set larger over a list ("2. Methods") is no item of it.
 */
function adjacent(a: Block, b: Block, em: number): boolean {
  const across = Math.min(a.bbox[2], b.bbox[2]) - Math.max(a.bbox[0], b.bbox[0])
  const gap = Math.max(a.bbox[1] - b.bbox[3], b.bbox[1] - a.bbox[3])
  return across > 0 && gap <= em * 1.5 && Math.abs(size(a) - size(b)) <= em * 0.1
}

/**
 * Marks body blocks made of list items as `list`: a block of two items or more, or a block of
 * one standing right above or below another list block (MuPDF often cuts a list where an item
 * nests). A single "1. Introduction" alone is a heading or a paragraph, not a list. Blocks of
 * `tables` (regions of several blocks) are left alone.
 */
export function markLists(
  layout: PageLayout,
  roles: BlockRole[],
  tables: readonly (readonly number[])[]
): void {
  // A block of bulleted rows alone is a region of table rows to the table finder (a column of
  // bullets beside a column of text); rows that each open with a marker or hang under one are a
  // list. A region of several blocks is a table's.
  const inTable = new Set(tables.filter((t) => t.length > 1).flat())
  const candidates = new Map<Block, number>()
  for (const block of layout.blocks) {
    if (roles[block.id] !== 'body' || inTable.has(block.id)) continue
    const items = listItems(block)
    if (items) candidates.set(block, items.length)
  }
  for (const [block, count] of candidates) {
    const em = size(block)
    const joined = [...candidates.keys()].some((b) => b !== block && adjacent(b, block, em))
    if (count >= 2 || joined) roles[block.id] = 'list'
  }
}
