import { batchRevisions, getBatch, markUndone } from '../store/batches.js'
import { awaitsAdjudication } from '../store/keyings.js'
import { appendRevision, type ReviewState, type Revision } from '../store/revisions.js'
import type { Context } from './context.js'
import { AppError, notFound } from './errors.js'
import type { Handlers } from './handler.js'
import { heldByAnother } from './held-pages.js'
import { loadPage } from './pages.js'
import { UNDO, undoTarget } from './undo-stack.js'

/** Actions that change what a fix teaches: a page's order, left-out blocks, a block's role. */
const TEACHING = new Set(['reorder', 'exclude', 'role'])

/**
 * How many edits up to `revisionId` made the example page's fix: its trailing run of order and
 * role edits (at least the one revision the batch names).
 */
function teachingEdits(history: readonly Revision[], revisionId: number): number {
  const at = history.findIndex((revision) => revision.id === revisionId)
  let edits = 0
  for (let i = at; i >= 0 && TEACHING.has(history[i]!.action); i--) edits++
  return Math.max(1, edits)
}

/** The page, or null where its document was removed since the batch. */
function pageIfThere(ctx: Context, documentId: number, pageNo: number) {
  try {
    return loadPage(ctx, documentId, pageNo)
  } catch (error) {
    if (error instanceof AppError && error.code === 'not-found') return null
    throw error
  }
}

export const batchHandlers: Handlers<'batches.undo'> = {
  /**
   * Undoes an action across pages as one: each page whose latest revision is still the batch's
   * gets an `undo` revision, as its own undo would make (so its redo still works); a page changed
   * since is left as it is, and named. The example page of a taught fix gets one for each of the
   * order and role edits that made the fix (its trailing run of them).
   */
  'batches.undo': ({ batchId }, ctx) => {
    const batch = getBatch(ctx.db, batchId)
    if (!batch) throw notFound(`batch ${batchId}`)
    if (batch.undoneAt !== null) throw new AppError('conflict', `${batch.label}: already undone`)
    const members = batchRevisions(ctx.db, batchId).map((member) => ({ ...member, edits: 1 }))
    const { example } = batch
    if (example?.revisionId != null) {
      const loaded = pageIfThere(ctx, example.documentId, example.page)
      members.push({
        documentId: example.documentId,
        page: example.page,
        revisionId: example.revisionId,
        edits: loaded ? teachingEdits(loaded.history, example.revisionId) : 1
      })
    }
    const undone: { documentId: number; pageNo: number }[] = []
    const skipped: { documentId: number; pageNo: number }[] = []
    ctx.db.transaction(() => {
      for (const member of members) {
        const ref = { documentId: member.documentId, pageNo: member.page }
        const loaded = pageIfThere(ctx, member.documentId, member.page)
        const target = loaded && undoTarget(loaded.stack)
        // A page marked for double keying since waits for its keyings: its text is theirs now;
        // a page another reviewer holds is theirs to undo.
        const busy = awaitsAdjudication(ctx.db, ref) || heldByAnother(ctx, ref) !== null
        if (!loaded || loaded.current.revisionId !== member.revisionId || !target || busy) {
          skipped.push(ref)
          continue
        }
        let state: ReviewState | undefined = target
        for (let edit = 0; edit < member.edits && state; edit++) {
          appendRevision(ctx.db, {
            documentId: member.documentId,
            page: member.page,
            author: ctx.author,
            action: UNDO,
            state
          })
          state = undoTarget(loadPage(ctx, member.documentId, member.page).stack)
        }
        undone.push(ref)
      }
      markUndone(ctx.db, batchId)
    })()
    for (const ref of undone) ctx.emit('page.changed', ref)
    return { label: batch.label, pages: undone.length, skipped }
  }
}
