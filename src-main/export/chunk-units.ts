import { blockStyle, headingLevel } from '../layout/headings.js'
import { drawnForm, normalizeText } from '../layout/normalize.js'
import { blockText } from '../layout/page-text.js'
import type { Decision } from '../shared/flags.js'
import { boundsOf, type BBox, type Block, type BlockRole } from '../shared/layout.js'
import type { Table } from '../layout/table-cells.js'
import type { ChunkPage } from './chunk-record.js'
import { blockRows, tableRows, type TableRow } from './chunk-table-rows.js'
import { viewTables } from './page-tables.js'
import type { PageView, ViewBlock } from './page-view.js'
import { itemLine } from '../layout/elements.js'
import { coveredBlocks, elementText, pageElements, type ViewElement } from './view-elements.js'

/** A page as a chunk reports it, but for the box, which depends on the chunk. */
export type UnitPage = Omit<ChunkPage, 'bbox'> & Readonly<{ width: number; height: number }>

/** What a chunk was made from: where each piece of its text is drawn. */
export type ChunkPiece = Readonly<{ page: UnitPage; bbox: BBox }>

/**
 * Where each part of a paragraph joined across a break is drawn: its text from `start` (an
 * offset into the unit's text) to the next part's start.
 */
export type UnitPart = Readonly<{ start: number } & ChunkPiece>

/**
 * A piece of a page's text in reading order that the chunker places whole when it can: a
 * heading, a paragraph (a block), or a table, which it may cut only between rows.
 */
export type ChunkUnit = Readonly<{
  page: UnitPage
  role: BlockRole
  text: string
  bbox: BBox
  /** Heading level, 1 (title) to 4 (run-in); 0 for anything else. */
  heading: number
  rows: readonly TableRow[] | null
  /** A paragraph joined across a page or column break: where each part of its text is drawn. */
  parts?: readonly UnitPart[]
}>

const oneLine = (text: string): string => text.replace(/\s+/gu, ' ').trim()

function level(block: Block, text: string, role: BlockRole, body: number): number {
  if (role !== 'heading') return 0
  return headingLevel(blockStyle(block), text, block.lines.length, body) || 4
}

/** A block's text as the page's text has it: the reviewer's edit normalised like extraction. */
function pageBlockText(view: PageView, block: Block): string {
  const edited = view.state.blockText[block.id]
  return edited === undefined ? blockText(block) : normalizeText(edited)
}

/** The text a chunk carries: as drawn, like the JSONL export's (`drawnForm`). */
function keptText(view: PageView, b: ViewBlock): string {
  return drawnForm(pageBlockText(view, b.block))
}

/**
 * The page's units in its current reading order, excluded blocks left out, with the reviewer's
 * corrections: edited blocks, or the page text when it was corrected as a whole. `body` is the
 * document's body size, which heading levels are measured against.
 */
export function pageUnits(view: PageView, decision: Decision, body: number): ChunkUnit[] {
  const page: UnitPage = {
    page: view.page,
    decision,
    flags: view.flags.map((f) => f.code),
    status: view.state.status,
    revision: view.revisionId,
    width: view.layout.width,
    height: view.layout.height
  }
  const kept = view.blocks.filter((b) => !b.excluded && keptText(view, b).trim() !== '')
  if (view.pageText !== null) return correctedUnits(view, page, kept, body)
  // The tables the page text reads (a region the reviewer edited reads as its blocks).
  const tableOf = new Map<number, Table>()
  for (const table of viewTables(view)) for (const id of table.blocks) tableOf.set(id, table)
  const elements = pageElements(view, (id) => tableOf.has(id))
  const covered = coveredBlocks(elements)
  const units: ChunkUnit[] = []
  const placed = new Set<Table>()
  for (const b of kept) {
    if (covered.has(b.block.id)) continue
    const element = elements.get(b.block.id)
    if (element) {
      units.push(elementUnit(page, element))
      continue
    }
    const table = tableOf.get(b.block.id)
    // The whole table stands where its first block falls in the reading order.
    if (table && placed.has(table)) continue
    const edited = Object.hasOwn(view.state.blockText, b.block.id)
    let rows: TableRow[] | null = null
    if (table) {
      placed.add(table)
      rows = tableRows(table)
    } else if (b.role === 'table') rows = blockRows(b, edited)
    if (rows && rows.length > 0) {
      units.push({
        page,
        role: 'table',
        text: rows.map((r) => r.text).join('\n'),
        bbox: boundsOf(rows.map((r) => r.bbox)),
        heading: 0,
        rows
      })
      continue
    }
    if (table) continue
    const text = keptText(view, b).trim()
    const heading = level(b.block, text, b.role, body)
    const previous = units.at(-1)
    if (
      heading > 0 &&
      heading <= 2 &&
      previous?.heading === heading &&
      !/[.:;!?]$/u.test(previous.text)
    ) {
      // A title MuPDF cut into two blocks at its line break: one heading, as in the Markdown.
      units[units.length - 1] = {
        ...previous,
        text: `${previous.text} ${oneLine(text)}`,
        bbox: boundsOf([previous.bbox, b.block.bbox])
      }
      continue
    }
    units.push({
      page,
      role: b.role,
      text: heading > 0 ? oneLine(text) : text,
      bbox: b.block.bbox,
      heading,
      rows: null
    })
  }
  return units
}

/**
 * A list, listing or formula as one unit whose lines are its rows: the chunker places it whole
 * where it fits and never joins its lines; one longer than a chunk is cut only between lines
 * (a list between items).
 */
function elementUnit(page: UnitPage, element: ViewElement): ChunkUnit {
  const rows: TableRow[] =
    element.role === 'list'
      ? element.items.map((item) => ({
          text: itemLine(item),
          bbox: item.bbox
        }))
      : element.lines.map((text) => ({ text, bbox: element.bbox }))
  return {
    page,
    role: element.role,
    text: elementText(element),
    bbox: element.bbox,
    heading: 0,
    rows
  }
}

/**
 * A page whose text was corrected as a whole: its paragraphs, each placed on the block whose text
 * it still is (so headings keep their level), the others on the box of every kept block.
 */
function correctedUnits(
  view: PageView,
  page: UnitPage,
  kept: readonly ViewBlock[],
  body: number
): ChunkUnit[] {
  const everywhere = kept.length > 0 ? boundsOf(kept.map((b) => b.block.bbox)) : null
  const byText = new Map(kept.map((b) => [oneLine(keptText(view, b)), b]))
  return drawnForm(view.state.text)
    .split(/\n[^\S\n]*\n/u)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((text) => {
      const b = byText.get(oneLine(text))
      const role = b?.role ?? 'body'
      const heading = b ? level(b.block, text, role, body) : 0
      return {
        page,
        role,
        text: heading > 0 ? oneLine(text) : text,
        bbox: b?.block.bbox ?? everywhere ?? [0, 0, view.layout.width, view.layout.height],
        heading,
        rows: null
      }
    })
}
