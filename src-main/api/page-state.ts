import type { PageState } from '../shared/contract.js'
import { EXCLUDED_ROLES, type BlockRole, type PageLayout } from '../shared/layout.js'
import type { StoredPage } from '../store/pages.js'
import type { CurrentState, ReviewState } from '../store/revisions.js'
import { followsBlocks } from '../review/page-text.js'
import { canRedo, canUndo, type UndoStack } from './undo-stack.js'

/** The automatic extraction as a review state: what undo returns to at the bottom of the stack. */
export function extractionState(page: StoredPage): ReviewState {
  const { order, roles, text } = page.analysis
  return {
    order,
    excluded: order.filter((id) => {
      const role = roles[id]
      return role !== undefined && EXCLUDED_ROLES.has(role)
    }),
    blockText: {},
    text,
    status: 'unreviewed'
  }
}

/** The state as the UI sees it: with undo/redo availability and the hand-edited text, if any. */
export function toPageState(
  layout: PageLayout,
  roles: readonly BlockRole[],
  current: CurrentState,
  stack: UndoStack
): PageState {
  const { state, revisionId } = current
  return {
    revisionId,
    order: [...state.order],
    excluded: [...state.excluded],
    blockText: Object.fromEntries(Object.entries(state.blockText)),
    pageText: revisionId === null || followsBlocks(layout, roles, state) ? null : state.text,
    text: state.text,
    status: state.status,
    canUndo: canUndo(stack),
    canRedo: canRedo(stack),
    structureKey: structureKey(state)
  }
}

/** A short name for the state's blocks: FNV-1a of their JSON, '' for the extraction's. */
export function structureKey(state: ReviewState): string {
  if (!state.structure) return ''
  let hash = 0x811c9dc5
  for (const char of JSON.stringify(state.structure)) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

/** Whether the reviewer changed anything the export would see, against the extraction. */
export function differsFromExtraction(state: ReviewState, extraction: ReviewState): boolean {
  return (
    state.text !== extraction.text ||
    !sameList(state.order, extraction.order) ||
    !sameList(sorted(state.excluded), sorted(extraction.excluded)) ||
    Object.keys(state.blockText).length > 0 ||
    !!state.structure
  )
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}

function sorted(ids: readonly number[]): number[] {
  return [...ids].sort((a, b) => a - b)
}
