import { elementsOf, type Element } from '../layout/elements.js'
import type { PageView, ViewBlock } from './page-view.js'

export { coveredBlocks, elementText, type ListLine } from '../layout/elements.js'

/** A list, listing or formula of a page as the exports see it (layout/elements.ts). */
export type ViewElement = Element<ViewBlock>

/**
 * The page's elements by the block each starts at, in the current reading order, with the
 * reviewer's edited blocks: the same the page text reads (layout/page-text.ts), so the exports
 * and the page text keep the same lines. Excluded blocks take no part, and blocks `inTable`
 * (written with their table) start none.
 */
export function pageElements(
  view: PageView,
  inTable: (id: number) => boolean
): Map<number, ViewElement> {
  return elementsOf(
    view.blocks.filter((b) => !b.excluded),
    (block) => view.state.blockText[block.id],
    inTable
  )
}
