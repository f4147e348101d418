import type { ReviewState } from '../store/revisions.js'
import { plural } from '../shared/plural.js'

/**
 * What a revision changed against the state before it, in a few words for the history view:
 * a reviewer looking for the revision to restore reads these, not block ids.
 */
export function describeChanges(before: ReviewState, after: ReviewState): string[] {
  const changes: string[] = []
  const blocks = (state: ReviewState): number =>
    state.structure?.blocks.length ?? state.order.length
  if (JSON.stringify(before.structure ?? null) !== JSON.stringify(after.structure ?? null)) {
    const [was, is] = [blocks(before), blocks(after)]
    changes.push(was === is ? 'block roles changed' : `blocks regrouped: ${was} → ${is}`)
  }
  const moved = after.order.filter((id, index) => before.order[index] !== id).length
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
