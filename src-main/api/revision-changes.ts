import type { ReviewState } from '../store/revisions.js'
import { plural } from '../shared/plural.js'

/**
 * What a revision changed against the state before it, in a few words for the history view:
 * a reviewer looking for the revision to restore reads these, not block ids.
 */
export function describeChanges(before: ReviewState, after: ReviewState): string[] {
  const changes: string[] = []
  const blocks = (state: ReviewState): readonly number[] =>
    state.structure?.blocks.map((block) => block.id) ?? state.order
  if (JSON.stringify(before.structure ?? null) !== JSON.stringify(after.structure ?? null)) {
    const [was, is] = [blocks(before), blocks(after)]
    // A block made or removed (a region drawn over a whole block replaces it: as many blocks as
    // before) regroups them; only the same blocks with other roles changed roles.
    const same = was.length === is.length && was.every((id) => is.includes(id))
    changes.push(
      same ? rolesOrLines(before, after) : `blocks regrouped: ${was.length} → ${is.length}`
    )
  }
  // Moved: the blocks on both sides whose place among those differs; a new block did not move.
  const kept = (order: readonly number[], other: readonly number[]) =>
    order.filter((id) => other.includes(id))
  const [keptBefore, keptAfter] = [kept(before.order, after.order), kept(after.order, before.order)]
  const moved = keptAfter.filter((id, index) => keptBefore[index] !== id).length
  if (moved > 0) changes.push(`order: ${plural(moved, 'block')} moved`)
  const was = new Set(before.excluded)
  const is = new Set(after.excluded)
  const excluded = after.excluded.filter((id) => !was.has(id)).length
  const included = before.excluded.filter((id) => !is.has(id)).length
  if (excluded > 0) changes.push(`${plural(excluded, 'block')} excluded`)
  if (included > 0) changes.push(`${plural(included, 'block')} taken back in`)
  const ids = new Set([...Object.keys(before.blockText), ...Object.keys(after.blockText)])
  const edited = [...ids].filter(
    (id) => before.blockText[Number(id)] !== after.blockText[Number(id)]
  ).length
  if (edited > 0) changes.push(`text of ${plural(edited, 'block')} edited`)
  if (changes.length === 0 && before.text !== after.text) changes.push('page text edited')
  if (before.status !== after.status) changes.push(`status ${before.status} → ${after.status}`)
  return changes
}

function rolesOrLines(before: ReviewState, after: ReviewState): string {
  const role = (state: ReviewState) =>
    JSON.stringify(state.structure?.blocks.map((block) => [block.id, block.role]) ?? null)
  return role(before) === role(after) ? 'block lines moved' : 'block roles changed'
}
