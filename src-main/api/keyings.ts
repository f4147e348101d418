import {
  adjudication,
  awaitsAdjudication,
  KeyingError,
  keyingState,
  keyingSummary,
  recordAdjudication,
  requireDoubleKeying,
  sampleForDoubleKeying,
  submitKeying
} from '../store/keyings.js'
import type { PageKey } from '../store/claims.js'
import { appendRevision } from '../store/revisions.js'
import type { Context } from './context.js'
import { AppError } from './errors.js'
import type { Handlers } from './handler.js'
import { differsFromExtraction, extractionState } from './page-state.js'
import { loadPage } from './pages.js'
import { requireClaim } from './page-claim.js'

type PageSkip = { documentId: number; pageNo: number; reason: string }

/**
 * An action across pages (teach, replace) leaves out a page waiting for its keyings or their
 * adjudication, as the page's own edits are refused: true, with the page listed as skipped.
 */
export function skippedWhileKeyed(ctx: Context, page: PageKey, skipped: PageSkip[]): boolean {
  if (!awaitsAdjudication(ctx.db, page)) return false
  skipped.push({ ...page, reason: 'double-keyed, waiting for its keyings or adjudication' })
  return true
}

/** A refusal of the keying rules, as the UI branches on it. */
function refusing<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (error instanceof KeyingError) throw new AppError('conflict', error.message)
    throw error
  }
}

/**
 * Refuses a revision on a page that waits for its keyings or their adjudication: the page's text
 * and history are what every reviewer sees, so a keyer's edit there would show to the other.
 */
export function refuseWhileKeyed(ctx: Context, documentId: number, pageNo: number): void {
  if (awaitsAdjudication(ctx.db, { documentId, pageNo })) {
    throw new AppError(
      'conflict',
      `page ${pageNo} is double-keyed: submit a keying; an adjudicator approves its text`
    )
  }
}

function requireKeying(ctx: Context, pages: readonly PageKey[]): { required: number } {
  const required = requireDoubleKeying(ctx.db, pages)
  for (const page of pages) ctx.emit('page.changed', page)
  return { required }
}

export const keyingHandlers: Handlers<
  | 'keying.require'
  | 'keying.sample'
  | 'keying.summary'
  | 'keying.state'
  | 'keying.submit'
  | 'keying.adjudication'
  | 'keying.adjudicate'
> = {
  'keying.require': ({ pages }, ctx) => requireKeying(ctx, pages),
  'keying.sample': ({ count, seed }, ctx) =>
    requireKeying(ctx, sampleForDoubleKeying(ctx.db, count, seed)),
  'keying.summary': (_, ctx) => keyingSummary(ctx.db),
  'keying.state': (page, ctx) => {
    loadPage(ctx, page.documentId, page.pageNo)
    return keyingState(ctx.db, page, ctx.author)
  },
  'keying.submit': ({ documentId, pageNo, text }, ctx) => {
    loadPage(ctx, documentId, pageNo)
    const page = { documentId, pageNo }
    const state = ctx.db.transaction(() => {
      requireClaim(ctx, page)
      return refusing(() => submitKeying(ctx.db, page, ctx.author, text))
    })()
    ctx.emit('page.changed', page)
    // The keyer's claim went with the keying: every queue shows the page free for the next keyer.
    ctx.emit('claims.changed', {})
    return state
  },
  'keying.adjudication': (page, ctx) => {
    const { current } = loadPage(ctx, page.documentId, page.pageNo)
    const { keyings, agreementCer } = refusing(() => adjudication(ctx.db, page, ctx.author))
    return { keyings: [...keyings], agreementCer, machineText: current.state.text }
  },
  'keying.adjudicate': ({ documentId, pageNo, text }, ctx) => {
    const { page, current } = loadPage(ctx, documentId, pageNo)
    const key = { documentId, pageNo }
    refusing(() => adjudication(ctx.db, key, ctx.author))
    const next = { ...current.state, text, status: 'approved' as const }
    const state = differsFromExtraction(next, extractionState(page))
      ? { ...next, status: 'corrected' as const }
      : next
    const revision = ctx.db.transaction(() => {
      requireClaim(ctx, key)
      const appended = appendRevision(ctx.db, {
        documentId,
        page: pageNo,
        author: ctx.author,
        action: 'adjudicate',
        state
      })
      recordAdjudication(ctx.db, key, appended.id)
      return appended
    })()
    ctx.emit('page.changed', key)
    return { revisionId: revision.id }
  }
}
