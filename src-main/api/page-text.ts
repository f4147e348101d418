import { blockText } from '../layout/page-text.js'
import { normalizeText } from '../layout/normalize.js'
import type { PageLayout } from '../shared/layout.js'
import type { ReviewState } from '../store/revisions.js'

/** Each block's extracted text, indexed by block id, as the engine makes it. */
export function blockTexts(layout: PageLayout): string[] {
  return layout.blocks.map((block) => blockText(block))
}

/**
 * The page's text for a reviewer's order, exclusions and corrected blocks, made the way the
 * engine makes a page's text (layout/page-text.ts): blocks in order, excluded and empty blocks
 * left out, a blank line between blocks, normalised like the extraction.
 */
export function composePageText(
  layout: PageLayout,
  state: Pick<ReviewState, 'order' | 'excluded' | 'blockText'>
): string {
  const excluded = new Set(state.excluded)
  const parts: string[] = []
  for (const id of state.order) {
    const block = layout.blocks[id]
    if (!block || excluded.has(id)) continue
    const edited = state.blockText[id]
    const text = edited === undefined ? blockText(block) : normalizeText(edited)
    if (text) parts.push(text)
  }
  return parts.join('\n\n')
}
