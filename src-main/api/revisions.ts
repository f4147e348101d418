import type { PageState } from '../shared/contract.js'
import { batchLabels } from '../store/batches.js'
import { appendRevision, type ReviewState } from '../store/revisions.js'
import type { Context } from './context.js'
import { AppError } from './errors.js'
import type { Handlers } from './handler.js'
import { differsFromExtraction, extractionState, toPageState } from './page-state.js'
import { composePageText, followsBlocks } from '../review/page-text.js'
import { loadPage } from './pages.js'
import { refuseWhileKeyed } from './keyings.js'
import { requireClaim } from './page-claim.js'
import { describeChanges } from './revision-changes.js'
import { regionTextByOcr } from './region-ocr.js'
import { applyStructureEdit } from './structure-edits.js'
import { REDO, UNDO, redoTarget, undoStack, undoTarget } from './undo-stack.js'

/** A restore is an edit like any other: undo takes the page back to the state before it. */
const RESTORE = 'restore'

/** A word or two for the history: what this revision changed against the one before. */
function describe(before: ReviewState, after: ReviewState): string {
  if (after.status !== before.status) {
    if (after.status === 'approved' || after.status === 'corrected') return 'approve'
    if (after.status === 'rejected') return 'reject'
    if (after.status === 'ocr') return 'ocr'
    return 'reopen'
  }
  if (after.order.join() !== before.order.join()) return 'reorder'
  if (after.excluded.join() !== before.excluded.join()) return 'exclude'
  return 'edit'
}

function sameState(a: ReviewState, b: ReviewState): boolean {
  return (
    JSON.stringify(a.structure ?? null) === JSON.stringify(b.structure ?? null) &&
    a.status === b.status &&
    a.text === b.text &&
    a.order.join() === b.order.join() &&
    a.excluded.join() === b.excluded.join() &&
    JSON.stringify(a.blockText) === JSON.stringify(b.blockText)
  )
}

type LoadedPage = ReturnType<typeof loadPage>

function append(ctx: Context, loaded: LoadedPage, action: string, state: ReviewState): PageState {
  const documentId = loaded.document.id
  const pageNo = loaded.page.page
  const revision = ctx.db.transaction(() => {
    requireClaim(ctx, { documentId, pageNo })
    refuseWhileKeyed(ctx, documentId, pageNo)
    return appendRevision(ctx.db, { documentId, page: pageNo, author: ctx.author, action, state })
  })()
  ctx.emit('page.changed', { documentId, pageNo })
  const stack = undoStack(extractionState(loaded.page), [...loaded.history, revision])
  return toPageState(
    loaded.layout,
    loaded.page.analysis.roles,
    { state: revision.state, revisionId: revision.id },
    stack
  )
}

export const revisionHandlers: Handlers<
  | 'revisions.save'
  | 'revisions.history'
  | 'revisions.undo'
  | 'revisions.redo'
  | 'revisions.restore'
  | 'revisions.restructure'
> = {
  'revisions.save': (input, ctx) => {
    const { documentId, pageNo } = input
    const loaded = loadPage(ctx, documentId, pageNo)
    const { page, layout, current, stack } = loaded
    const excluded = [...new Set(input.excluded)].sort((a, b) => a - b)
    const blockText: Record<number, string> = {}
    for (const [id, text] of Object.entries(input.blockText)) blockText[Number(id)] = text
    const { structure } = current.state
    const text =
      input.pageText ??
      composePageText(layout, page.analysis.roles, {
        order: input.order,
        excluded,
        blockText,
        structure
      })
    const next: ReviewState = {
      order: input.order,
      excluded,
      blockText,
      text,
      status: input.status,
      structure: current.state.structure ?? null
    }
    const changed = differsFromExtraction(next, extractionState(page))
    // Approving a page the reviewer changed makes it a correction; the export tells them apart.
    const status =
      input.status === 'approved' && changed
        ? 'corrected'
        : input.status === 'corrected' && !changed
          ? 'approved'
          : input.status
    const state: ReviewState = { ...next, status }
    if (sameState(state, current.state)) {
      return toPageState(layout, loaded.page.analysis.roles, current, stack)
    }
    return append(ctx, loaded, describe(current.state, state), state)
  },

  'revisions.history': ({ documentId, pageNo }, ctx) => {
    const { page, history } = loadPage(ctx, documentId, pageNo)
    const batches = batchLabels(
      ctx.db,
      history.flatMap((revision) => (revision.batchId === null ? [] : [revision.batchId]))
    )
    let before = extractionState(page)
    return history.map((revision) => {
      const changes = describeChanges(before, revision.state)
      before = revision.state
      return {
        id: revision.id,
        createdAt: revision.createdAt,
        author: revision.author,
        action: revision.action,
        status: revision.state.status,
        changes,
        from: revision.batchId === null ? null : (batches.get(revision.batchId) ?? null),
        text: revision.state.text
      }
    })
  },

  'revisions.restructure': async ({ documentId, pageNo, edit }, ctx) => {
    // A region over a picture with no text-layer line in it takes its text by OCR, read before
    // the page is loaded for the edit: the edit then applies to the page as it stands.
    const before = edit.kind === 'region' ? loadPage(ctx, documentId, pageNo) : null
    // Refused before the OCR, not after it has run for nothing (and checked again at the write).
    requireClaim(ctx, { documentId, pageNo })
    refuseWhileKeyed(ctx, documentId, pageNo)
    const read =
      before && edit.kind === 'region'
        ? await regionTextByOcr(
            ctx,
            documentId,
            before.layout,
            before.current.state.text,
            edit.bbox
          )
        : null
    const loaded = loadPage(ctx, documentId, pageNo)
    const { page, layout, current } = loaded
    const edited = applyStructureEdit(layout, page.analysis.roles, current.state, edit)
    const region = edited.structure?.blocks.at(-1)
    const next =
      read !== null && region && region.lines.length === 0
        ? { ...edited, blockText: { ...edited.blockText, [region.id]: read } }
        : edited
    // A hand-edited page text stays as typed; otherwise the text follows the new blocks.
    const text = followsBlocks(layout, page.analysis.roles, current.state)
      ? composePageText(layout, page.analysis.roles, next)
      : current.state.text
    return append(ctx, loaded, `${edit.kind === 'delete' ? 'delete block' : edit.kind}`, {
      ...next,
      text
    })
  },

  'revisions.restore': ({ documentId, pageNo, revisionId }, ctx) => {
    const loaded = loadPage(ctx, documentId, pageNo)
    const revision = loaded.history.find((candidate) => candidate.id === revisionId)
    if (!revision) throw new AppError('not-found', `page ${pageNo} has no revision ${revisionId}`)
    const { layout, current, stack } = loaded
    if (sameState(revision.state, current.state)) {
      return toPageState(layout, loaded.page.analysis.roles, current, stack)
    }
    return append(ctx, loaded, RESTORE, revision.state)
  },

  'revisions.undo': ({ documentId, pageNo }, ctx) => {
    const loaded = loadPage(ctx, documentId, pageNo)
    const target = undoTarget(loaded.stack)
    if (!target) throw new AppError('conflict', 'nothing to undo on this page')
    return append(ctx, loaded, UNDO, target)
  },

  'revisions.redo': ({ documentId, pageNo }, ctx) => {
    const loaded = loadPage(ctx, documentId, pageNo)
    const target = redoTarget(loaded.stack)
    if (!target) throw new AppError('conflict', 'nothing to redo on this page')
    return append(ctx, loaded, REDO, target)
  }
}
