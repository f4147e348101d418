import { batchRevisions, getBatch, markUndone } from '../store/batches.js'
import { appendRevision } from '../store/revisions.js'
import type { Context } from './context.js'
import { AppError, notFound } from './errors.js'
import type { Handlers } from './handler.js'
import { loadPage } from './pages.js'
import { UNDO, undoTarget } from './undo-stack.js'

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
   * since is left as it is, and named.
   */
  'batches.undo': ({ batchId }, ctx) => {
    const batch = getBatch(ctx.db, batchId)
    if (!batch) throw notFound(`batch ${batchId}`)
    if (batch.undoneAt !== null) throw new AppError('conflict', `${batch.label}: already undone`)
    const members = batchRevisions(ctx.db, batchId)
    const { example } = batch
    if (example?.revisionId != null) {
      members.push({
        documentId: example.documentId,
        page: example.page,
        revisionId: example.revisionId
      })
    }
    const undone: { documentId: number; pageNo: number }[] = []
    const skipped: { documentId: number; pageNo: number }[] = []
    ctx.db.transaction(() => {
      for (const member of members) {
        const ref = { documentId: member.documentId, pageNo: member.page }
        const loaded = pageIfThere(ctx, member.documentId, member.page)
        const target = loaded && undoTarget(loaded.stack)
        if (!loaded || loaded.current.revisionId !== member.revisionId || !target) {
          skipped.push(ref)
          continue
        }
        appendRevision(ctx.db, {
          documentId: member.documentId,
          page: member.page,
          author: ctx.author,
          action: UNDO,
          state: target
        })
        undone.push(ref)
      }
      markUndone(ctx.db, batchId)
    })()
    for (const ref of undone) ctx.emit('page.changed', ref)
    return { label: batch.label, pages: undone.length, skipped }
  }
}
