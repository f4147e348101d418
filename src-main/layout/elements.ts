import { size } from './block-rows.js'
import { codeLines } from './code-blocks.js'
import { formulaLines } from './formulas.js'
import { itemLevels, listItems, type ListItem } from './list-items.js'
import { LIST_MARKER } from '../shared/list-marker.js'
import { blockTextDetail } from './block-text.js'
import { drawnForm, normalizeText } from './normalize.js'
import {
  boundsOf,
  shareRow,
  type BBox,
  type Block,
  type BlockRole,
  type Line
} from '../shared/layout.js'

/** A block as the elements read it: its role, and the reviewer's text where they edited it. */
export type ElementBlock = Readonly<{ block: Block; role: BlockRole }>

/** A list item as the page text and the exports write it: its marker as drawn and its depth. */
export type ListLine = Readonly<{
  marker: string
  level: number
  text: string
  bbox: BBox
  /** The block the item is drawn in. */
  block: number
}>

/**
 * A piece of a page's structure kept line by line: a list (the items of a run of list blocks), a
 * program listing (one code block) or a display formula (a run of formula blocks, the pieces of
 * one stack).
 */
export type Element<B extends ElementBlock = ElementBlock> = Readonly<
  | { role: 'list'; blocks: readonly B[]; items: readonly ListLine[]; bbox: BBox }
  | { role: 'code'; blocks: readonly B[]; lines: readonly string[]; bbox: BBox }
  | {
      role: 'formula'
      blocks: readonly B[]
      /** Its text a line each: its blocks in the reading order, each block's own rows. */
      lines: readonly string[]
      /** The rows of its stack top down, pieces on one row left to right (formulas.ts). */
      rows: readonly string[]
      bbox: BBox
    }
>

/** The reviewer's text of a block, or undefined where the block is as extracted. */
export type EditedText = (block: Block) => string | undefined

/** Roles whose blocks the page text and the exports keep line by line. */
export const LINE_ROLES: ReadonlySet<BlockRole> = new Set(['list', 'code', 'formula'])

/** A reviewer's text of a list: a line per item, two leading spaces a level deeper. */
function typedItems(text: string, bbox: BBox, block: number): ListLine[] {
  const items: { marker: string; level: number; text: string; bbox: BBox; block: number }[] = []
  for (const line of drawnForm(text).replace(/\t/gu, '    ').split('\n')) {
    const trimmed = normalizeText(line)
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

/** A block read as one paragraph, as page-text.ts's `blockText` reads it. */
const paragraph = (block: Block): string => normalizeText(blockTextDetail(block).text)

/**
 * A formula block's rows top down, the lines sharing a row read as one paragraph reads them
 * (block-text.ts: its word spaces), so that the formula's text is the page text's as it was,
 * its rows kept (a matrix's "1 t").
 */
function formulaRows(block: Block): string[] {
  const rows: Line[][] = []
  for (const line of [...block.lines].sort((a, b) => a.bbox[1] - b.bbox[1])) {
    const row = rows.find((r) => r.some((l) => shareRow(l.bbox, line.bbox)))
    if (row) row.push(line)
    else rows.push([line])
  }
  return rows.map((row) => {
    const lines = row.sort((a, b) => a.bbox[0] - b.bbox[0])
    return paragraph({ id: block.id, bbox: boundsOf(lines.map((l) => l.bbox)), lines })
  })
}

const ownLines = (role: 'code' | 'formula', block: Block): string[] =>
  role === 'code' ? codeLines(block) : formulaRows(block)

/**
 * Each item's text cut from its block's paragraph (block-text.ts), which starts each item on a
 * line of its own: the paragraph's spaces where glyphs stand apart and its mended words, which a
 * row's own text can lack ("x ∈X"). Where the paragraph does not open each item with its marker,
 * the items' own texts.
 */
function itemTexts(block: Block, items: readonly ListItem[]): string[] {
  const text = paragraph(block)
  const starts: number[] = []
  let from = 0
  for (const item of items) {
    const at = text.indexOf(`${item.marker} `, from)
    if (at < 0 || (at === 0) !== (starts.length === 0) || (at > 0 && text[at - 1] !== '\n')) {
      return items.map((i) => i.text)
    }
    starts.push(at)
    from = at + item.marker.length
  }
  return starts.map((start, k) =>
    text
      .slice(start + items[k]!.marker.length, starts[k + 1] ?? text.length)
      .replace(/\s+/gu, ' ')
      .trim()
  )
}

function listElement<B extends ElementBlock>(run: readonly B[], edited: EditedText): Element<B> {
  const byBlock = new Map(
    run.filter((b) => edited(b.block) === undefined).map((b) => [b, listItems(b.block) ?? []])
  )
  const em = Math.min(...run.map((b) => size(b.block)))
  const levels = itemLevels([...byBlock.values()].flat(), em)
  let k = 0
  const items = run.flatMap((b): ListLine[] => {
    const own = byBlock.get(b)
    if (own === undefined || own.length === 0) {
      // A block the role tools made a list that opens with no marker is one item.
      return typedItems(edited(b.block) ?? paragraph(b.block), b.block.bbox, b.block.id)
    }
    const texts = itemTexts(b.block, own)
    return own.map((item, i) => ({
      marker: item.marker,
      level: levels[k++] ?? 0,
      text: texts[i]!,
      bbox: item.bbox,
      block: b.block.id
    }))
  })
  return { role: 'list', blocks: run, items, bbox: boundsOf(run.map((b) => b.block.bbox)) }
}

/**
 * A listing's lines, or a formula's: its blocks in the reading order, each block's own rows a
 * line. A formula's text follows the reading order rather than the rows of its whole stack,
 * which interleave pieces MuPDF set apart where the formula is not all taken for mathematics
 * (GeoTopo's "⇒ V ∩ ( n⋃ i=1 Uxi ) = ∅", half its blocks body), and read further from that
 * book's reference text (CER 6.1 % against 5.7 %); the rows stay in the JSONL's `formulas`.
 */
function linesElement<B extends ElementBlock>(
  role: 'code' | 'formula',
  run: readonly B[],
  edited: EditedText
): Element<B> {
  const lines = run
    .flatMap((b) => edited(b.block)?.split('\n') ?? ownLines(role, b.block))
    .map((l) => drawnForm(l).trimEnd())
    .filter((l) => l.trim() !== '')
  const bbox = boundsOf(run.map((b) => b.block.bbox))
  if (role === 'code') return { role, blocks: run, lines, bbox }
  const rows = run.some((b) => edited(b.block) !== undefined)
    ? lines
    : formulaLines(run.map((b) => b.block)).filter((l) => l !== '')
  return { role, blocks: run, lines, rows, bbox }
}

/**
 * The next block of a run stands within two ems of one of its blocks, down or across: a formula
 * beside another in the next column, or a list at the top of the next column, is another run.
 */
function close(a: Block, b: Block): boolean {
  const em = size(a)
  const [ax0, ay0, ax1, ay1] = a.bbox
  const [bx0, by0, bx1, by1] = b.bbox
  const down = Math.max(by0 - ay1, ay0 - by1)
  const across = Math.max(bx0 - ax1, ax0 - bx1)
  return down <= em * 2 && across <= em * 2
}

/**
 * The elements of blocks in reading order, excluded ones already left out, by the block each
 * starts at: a run of list blocks is one list and a run of formula blocks one formula, while
 * each code block is a listing of its own. A block read as part of a table (`inTable`) is
 * written with its table: it starts no element and no run goes on through it, so the list
 * blocks after it make an element of their own instead of being covered by one never written.
 */
export function elementsOf<B extends ElementBlock>(
  kept: readonly B[],
  edited: EditedText,
  inTable: (id: number) => boolean = () => false
): Map<number, Element<B>> {
  const out = new Map<number, Element<B>>()
  let i = 0
  while (i < kept.length) {
    const first = kept[i]!
    if (!LINE_ROLES.has(first.role) || inTable(first.block.id)) {
      i++
      continue
    }
    let j = i + 1
    if (first.role !== 'code') {
      // A run ends where the next block stands apart: two formulas, or two lists, in a row.
      while (
        kept[j]?.role === first.role &&
        !inTable(kept[j]!.block.id) &&
        kept.slice(i, j).some((b) => close(b.block, kept[j]!.block))
      ) {
        j++
      }
    }
    const run = kept.slice(i, j)
    out.set(
      first.block.id,
      first.role === 'list'
        ? listElement(run, edited)
        : linesElement(first.role as 'code' | 'formula', run, edited)
    )
    i = j
  }
  return out
}

/** The blocks of an element after the first, which the element's place already covers. */
export function coveredBlocks(elements: ReadonlyMap<number, Element<ElementBlock>>): Set<number> {
  const covered = new Set<number>()
  for (const element of elements.values()) {
    for (const b of element.blocks.slice(1)) covered.add(b.block.id)
  }
  return covered
}

/** An item as a line: two spaces a level, the marker kept. */
export const itemLine = (item: Pick<ListLine, 'level' | 'marker' | 'text'>): string =>
  `${'  '.repeat(item.level)}${item.marker ? `${item.marker} ` : ''}${item.text}`

/** An element as plain text: items a line each, a listing's or a formula's lines as drawn. */
export function elementText(element: Element<ElementBlock>): string {
  if (element.role === 'list') return element.items.map(itemLine).join('\n')
  return element.lines.join('\n')
}

/**
 * A block's own text under its role: a list block's items, a listing's or a formula's lines,
 * each a line; null for every other role, whose block is one paragraph (page-text.ts).
 */
export function elementBlockText(block: Block, role: BlockRole): string | null {
  if (!LINE_ROLES.has(role)) return null
  const element = elementsOf([{ block, role }], () => undefined).get(block.id)
  return element ? elementText(element) : ''
}
