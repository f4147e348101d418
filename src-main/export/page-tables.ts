import { regionTable, type Table } from '../layout/table-cells.js'
import type { PageView } from './page-view.js'

/** A region with a block the reviewer edited: the edit is text, and is written as it stands. */
export function isEditedRegion(view: PageView, region: readonly number[]): boolean {
  return region.some((id) => Object.hasOwn(view.state.blockText, id))
}

/**
 * The page's tables as the exports write them: each region the `table` check read as a table,
 * less the blocks excluded now, and none where the reviewer edited a block of it.
 */
export function viewTables(view: PageView): Table[] {
  const excluded = new Set(view.blocks.filter((b) => b.excluded).map((b) => b.block.id))
  return view.tables.regions.flatMap((region) => {
    if (isEditedRegion(view, region)) return []
    const kept = region.filter((id) => !excluded.has(id) && view.layout.blocks[id] !== undefined)
    return kept.length > 0 ? (regionTable(view.layout, kept) ?? []) : []
  })
}
