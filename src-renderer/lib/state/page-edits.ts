import type { PageDetail, PageState } from '@shared/contract'
import type { PageEdit } from './page-drafts'

/** What a reviewer has changed of a page, as a save sends it. */
export function editOf(state: PageState): PageEdit {
  return {
    order: state.order,
    excluded: state.excluded,
    blockText: state.blockText,
    pageText: state.pageText,
    status: state.status
  }
}

/** The order with the block at `from` (an index into it) moved to index `to`; null if none moves. */
export function movedOrder(order: readonly number[], from: number, to: number): number[] | null {
  if (from === to) return null
  const moved = [...order]
  const [id] = moved.splice(from, 1)
  if (id === undefined) return null
  moved.splice(to, 0, id)
  return moved
}

/** The left-out blocks with `id` left out, or put back when it was. */
export function toggledExclusion(excluded: readonly number[], id: number): number[] {
  return excluded.includes(id)
    ? excluded.filter((other) => other !== id)
    : [...excluded, id].sort((a, b) => a - b)
}

/** The corrected blocks' texts with block `id` reading `text`; its extraction's text is no correction. */
export function withBlockText(
  state: PageState,
  detail: PageDetail,
  id: number,
  text: string
): Record<string, string> {
  const blockText = { ...state.blockText }
  if (text === detail.blockText[id]) delete blockText[String(id)]
  else blockText[String(id)] = text
  return blockText
}
