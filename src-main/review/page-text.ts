import { blockText, joinWithTables } from '../layout/page-text.js'
import { elementBlockText } from '../layout/elements.js'
import { pageTables } from '../layout/table-cells.js'
import { normalizeText } from '../layout/normalize.js'
import type { Block, BlockRole, PageLayout } from '../shared/layout.js'
import { withStructure } from '../shared/page-structure.js'
import type { ReviewState } from '../store/revisions.js'

/** What a page's text is composed from: the reviewer's order, exclusions, edits and blocks. */
export type ComposedState = Pick<ReviewState, 'order' | 'excluded' | 'blockText' | 'structure'>

/**
 * Each block's extracted text under its role, indexed by block id, as the engine makes it: a
 * list's items, a listing's or a formula's lines a line each (layout/elements.ts), any other
 * block one paragraph.
 */
export function blockTexts(layout: PageLayout, roles: readonly BlockRole[]): string[] {
  return layout.blocks.map(
    (block) => elementBlockText(block, roles[block.id] ?? 'body') ?? blockText(block)
  )
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
 * extraction. `roles` are the engine's, which the reviewer's blocks override.
 */
export function composePageText(
  layout: PageLayout,
  roles: readonly BlockRole[],
  state: ComposedState
): string {
  return compose(layout, roles, state, false)
}

/**
 * Whether a saved page text is still what the blocks compose, rather than a text the reviewer
 * typed over the whole page. Revisions saved before lists, listings and formulas kept their lines
 * hold the text composed with every block one paragraph; they follow their blocks too, and keep
 * that text as saved until the reviewer changes the page.
 */
export function followsBlocks(
  layout: PageLayout,
  roles: readonly BlockRole[],
  state: ComposedState & Pick<ReviewState, 'text'>
): boolean {
  return (
    state.text === compose(layout, roles, state, false) ||
    state.text === compose(layout, roles, state, true)
  )
}

function compose(
  layout: PageLayout,
  roles: readonly BlockRole[],
  state: ComposedState,
  paragraphsOnly: boolean
): string {
  const shown = withStructure(layout, roles, state.structure)
  const excluded = new Set(state.excluded)
  const kept = state.order
    .map((id) => shown.layout.blocks[id])
    .filter((b): b is Block => b !== undefined && !excluded.has(b.id))
    .map((block) => ({
      block,
      role: paragraphsOnly ? ('body' as const) : (shown.roles[block.id] ?? 'body')
    }))
  // A table keeps its rows unless the reviewer corrected one of its blocks (then read as text,
  // as the exports write it).
  const tables = pageTables(shown.layout, (id) => !excluded.has(id)).filter(
    (table) => !table.blocks.some((id) => state.blockText[id] !== undefined)
  )
  return joinWithTables(
    kept,
    tables,
    (block) => {
      const edited = state.blockText[block.id]
      return edited === undefined ? blockText(block) : normalizeText(edited)
    },
    (block) => state.blockText[block.id]
  )
}
