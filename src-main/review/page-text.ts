import { blockText, joinWithTables } from '../layout/page-text.js'
import { pageTables } from '../layout/table-cells.js'
import { normalizeText } from '../layout/normalize.js'
import type { Block, PageLayout } from '../shared/layout.js'
import { withStructure } from '../shared/page-structure.js'
import type { ReviewState } from '../store/revisions.js'

/** Each block's extracted text, indexed by block id, as the engine makes it. */
export function blockTexts(layout: PageLayout): string[] {
  return layout.blocks.map((block) => blockText(block))
}

/** Each block's lines, indexed by block id, each made into text as the engine makes a block's. */
export function blockLineTexts(layout: PageLayout): string[][] {
  return layout.blocks.map((block) =>
    block.lines.map((line) => blockText({ ...block, bbox: line.bbox, lines: [line] }))
  )
}

/**
 * The page's text for a reviewer's order, exclusions and corrected blocks, joined by the same
 * rule as the engine's text (layout/page-text.ts); a corrected block is normalised like the
 * extraction.
 */
export function composePageText(
  layout: PageLayout,
  state: Pick<ReviewState, 'order' | 'excluded' | 'blockText' | 'structure'>
): string {
  const shown = withStructure(layout, [], state.structure).layout
  const excluded = new Set(state.excluded)
  const kept = state.order
    .map((id) => shown.blocks[id])
    .filter((b): b is Block => b !== undefined && !excluded.has(b.id))
  // A table keeps its rows unless the reviewer corrected one of its blocks (then read as text,
  // as the exports write it).
  const tables = pageTables(shown, (id) => !excluded.has(id)).filter(
    (table) => !table.blocks.some((id) => state.blockText[id] !== undefined)
  )
  return joinWithTables(kept, tables, (block) => {
    const edited = state.blockText[block.id]
    return edited === undefined ? blockText(block) : normalizeText(edited)
  })
}
