import { codeLines } from '../layout/code-blocks.js'
import { formulaLines } from '../layout/formulas.js'
import { itemLevels, listItems, LIST_MARKER } from '../layout/list-items.js'
import { drawnForm } from '../layout/normalize.js'
import { size } from '../layout/block-rows.js'
import { boundsOf, type BBox, type BlockRole } from '../shared/layout.js'
import type { PageView, ViewBlock } from './page-view.js'

/** A list item as the exports write it: its marker as drawn and how deep it nests (0: outermost). */
export type ListLine = Readonly<{
  marker: string
  level: number
  text: string
  bbox: BBox
  /** The block the item is drawn in. */
  block: number
}>

/**
 * A piece of a page's structure that the exports keep line by line: a list (the items of a run of
 * list blocks), a program listing (one code block) or a display formula (a run of formula blocks,
 * the pieces of one stack).
 */
export type Element = Readonly<
  | { role: 'list'; blocks: readonly ViewBlock[]; items: readonly ListLine[]; bbox: BBox }
  | { role: 'code' | 'formula'; blocks: readonly ViewBlock[]; lines: readonly string[]; bbox: BBox }
>

const edited = (view: PageView, b: ViewBlock): boolean =>
  Object.hasOwn(view.state.blockText, b.block.id)

/** A reviewer's text of a list: a line per item, two leading spaces a level deeper. */
function typedItems(text: string, bbox: BBox, block: number): ListLine[] {
  const items: { marker: string; level: number; text: string; bbox: BBox; block: number }[] = []
  for (const line of text.split('\n')) {
    const trimmed = line.trim()
    if (trimmed === '') continue
    const marker = LIST_MARKER.exec(trimmed)
    const level = Math.floor((line.length - line.trimStart().length) / 2)
    const last = items.at(-1)
    if (marker) {
      items.push({ marker: marker[1]!, level, text: trimmed.slice(marker[0].length), bbox, block })
    } else if (last) last.text += ` ${trimmed}`
    else items.push({ marker: '', level, text: trimmed, bbox, block })
  }
  return items
}

function listElement(view: PageView, run: readonly ViewBlock[]): Element {
  const byBlock = new Map(
    run.filter((b) => !edited(view, b)).map((b) => [b, listItems(b.block) ?? []])
  )
  const em = Math.min(...run.map((b) => size(b.block)))
  const levels = itemLevels([...byBlock.values()].flat(), em)
  let k = 0
  const items = run.flatMap((b): ListLine[] => {
    const own = byBlock.get(b)
    if (own === undefined || own.length === 0) {
      return typedItems(drawnForm(b.text), b.block.bbox, b.block.id)
    }
    return own.map((item) => ({
      marker: item.marker,
      level: levels[k++] ?? 0,
      text: drawnForm(item.text),
      bbox: item.bbox,
      block: b.block.id
    }))
  })
  return { role: 'list', blocks: run, items, bbox: boundsOf(run.map((b) => b.block.bbox)) }
}

function linesElement(
  view: PageView,
  role: 'code' | 'formula',
  run: readonly ViewBlock[]
): Element {
  const lines = run.some((b) => edited(view, b))
    ? run.flatMap((b) => drawnForm(b.text).split('\n'))
    : role === 'code'
      ? run.flatMap((b) => codeLines(b.block))
      : formulaLines(run.map((b) => b.block))
  return {
    role,
    blocks: run,
    lines: lines.map((l) => drawnForm(l).trimEnd()).filter((l) => l.trim() !== ''),
    bbox: boundsOf(run.map((b) => b.block.bbox))
  }
}

/**
 * The next block of a run stands within two ems of one of its blocks, down or across: a formula beside
 * another in the next column, or a list at the top of the next column, is another run.
 */
function close(a: ViewBlock, b: ViewBlock): boolean {
  const em = size(a.block)
  const [ax0, ay0, ax1, ay1] = a.block.bbox
  const [bx0, by0, bx1, by1] = b.block.bbox
  const down = Math.max(by0 - ay1, ay0 - by1)
  const across = Math.max(bx0 - ax1, ax0 - bx1)
  return down <= em * 2 && across <= em * 2
}

const KEPT_ROLES: ReadonlySet<BlockRole> = new Set(['list', 'code', 'formula'])

/**
 * The page's elements by the block each starts at (in the current reading order): a run of list
 * blocks is one list and a run of formula blocks one formula, while each code block is a listing
 * of its own. Excluded blocks take no part.
 */
export function pageElements(view: PageView): Map<number, Element> {
  const out = new Map<number, Element>()
  const kept = view.blocks.filter((b) => !b.excluded)
  let i = 0
  while (i < kept.length) {
    const first = kept[i]!
    if (!KEPT_ROLES.has(first.role)) {
      i++
      continue
    }
    let j = i + 1
    if (first.role !== 'code') {
      // A run ends where the next block stands apart: two formulas, or two lists, in a row.
      while (kept[j]?.role === first.role && kept.slice(i, j).some((b) => close(b, kept[j]!))) j++
    }
    const run = kept.slice(i, j)
    out.set(
      first.block.id,
      first.role === 'list'
        ? listElement(view, run)
        : linesElement(view, first.role as 'code' | 'formula', run)
    )
    i = j
  }
  return out
}

/** The blocks of an element after the first, which the element's place already covers. */
export function coveredBlocks(elements: ReadonlyMap<number, Element>): Set<number> {
  const covered = new Set<number>()
  for (const element of elements.values()) {
    for (const b of element.blocks.slice(1)) covered.add(b.block.id)
  }
  return covered
}

/** An element as plain text: items a line each (two spaces a level, the marker kept), lines as drawn. */
export function elementText(element: Element): string {
  if (element.role === 'list') {
    return element.items
      .map(
        (item) => `${'  '.repeat(item.level)}${item.marker ? `${item.marker} ` : ''}${item.text}`
      )
      .join('\n')
  }
  return element.lines.join('\n')
}
