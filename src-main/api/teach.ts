import {
  LAYOUT_TOLERANCE,
  describeTolerance,
  matchLayout,
  pageShape
} from '../layout-match/layout-match.js'
import {
  RegroupedError,
  mapFix,
  rolesOf,
  structureFor,
  type TaughtFix
} from '../layout-match/map-fix.js'
import type { Output } from '../shared/contract.js'
import { createBatch } from '../store/batches.js'
import { getDocument } from '../store/documents.js'
import { getPage, readLayout, type StoredPage } from '../store/pages.js'
import {
  appendRevision,
  currentState,
  type CurrentState,
  type ReviewState
} from '../store/revisions.js'
import type { PageLayout } from '../shared/layout.js'
import { pagesOfShape } from '../store/teach-queries.js'
import type { Context } from './context.js'
import { AppError, notFound } from './errors.js'
import type { Handlers } from './handler.js'
import { differsFromExtraction, extractionState } from './page-state.js'
import { composePageText, followsBlocks } from '../review/page-text.js'
import { loadPage } from './pages.js'
import { skippedWhileKeyed } from './keyings.js'
import { skippedWhileHeld } from './held-pages.js'

/** More pages than a reviewer can look through at once; the rest wait for the next offer. */
const MAX_PROPOSALS = 500
/**
 * Pages compared block by block at most per offer: the offer is asked after every edit, and a
 * layout takes about a millisecond to decode and match.
 */
const MAX_EXAMINED = 5000

type LoadedPage = ReturnType<typeof loadPage>
type Proposal = Output<'teach.similar'>['proposals'][number]

/** The example page's order, left-out blocks and roles, and what of them the reviewer changed. */
function taughtFix(loaded: LoadedPage): { fix: TaughtFix; taught: string[] } {
  const { layout, page, current } = loaded
  const { state } = current
  let roles
  try {
    roles = rolesOf(layout, state.structure)
  } catch (error) {
    if (error instanceof RegroupedError) {
      throw new AppError(
        'conflict',
        `${error.message}: only an order, left-out blocks and roles carry to other pages`
      )
    }
    throw error
  }
  const engine = extractionState(page)
  const taught: string[] = []
  if (state.order.join() !== engine.order.join()) taught.push('order')
  if ([...state.excluded].sort().join() !== [...engine.excluded].sort().join()) {
    taught.push('left-out blocks')
  }
  const engineRoles = page.analysis.roles
  if (roles && [...roles].some(([id, role]) => (engineRoles[id] ?? 'body') !== role)) {
    taught.push('roles')
  }
  return { fix: { order: state.order, excluded: state.excluded, roles }, taught }
}

/** What the fix needs of a page: lighter than the review screen's load (no history). */
type TargetPage = Readonly<{
  document: Readonly<{ id: number; name: string }>
  page: StoredPage
  layout: PageLayout
  current: CurrentState
}>

function loadTarget(ctx: Context, documentId: number, pageNo: number): TargetPage {
  const document = getDocument(ctx.db, documentId)
  const page = getPage(ctx.db, documentId, pageNo)
  const layout = readLayout(ctx.db, documentId, pageNo)
  const current = currentState(ctx.db, documentId, pageNo)
  if (!document || !page || !layout || !current) {
    throw notFound(`page ${pageNo} of document ${documentId}`)
  }
  return { document, page, layout, current }
}

/**
 * The page's order, left-out blocks and blocks with the fix taken, or null where it cannot take
 * it (blocks regrouped, text typed by hand) or already has it.
 */
function takeFix(target: TargetPage, fix: TaughtFix): Omit<ReviewState, 'text'> | null {
  const { layout, page, current } = target
  const { state } = current
  try {
    rolesOf(layout, state.structure)
  } catch (error) {
    if (error instanceof RegroupedError) return null
    throw error
  }
  if (current.revisionId !== null && !followsBlocks(layout, page.analysis.roles, state)) return null
  const structure = structureFor(layout, page.analysis.roles, fix.roles) ?? state.structure ?? null
  const unchanged =
    fix.order.join() === state.order.join() &&
    fix.excluded.join() === [...state.excluded].sort((a, b) => a - b).join() &&
    JSON.stringify(structure) === JSON.stringify(state.structure ?? null)
  if (unchanged) return null
  return { ...state, order: fix.order, excluded: fix.excluded, structure }
}

/** The fixed state complete: its text composed, an approved page now a corrected one. */
function withText(target: TargetPage, next: Omit<ReviewState, 'text'>): ReviewState {
  const text = composePageText(target.layout, target.page.analysis.roles, next)
  const changed = differsFromExtraction({ ...next, text }, extractionState(target.page))
  const status = next.status === 'approved' && changed ? 'corrected' : next.status
  return { ...next, text, status }
}

type Found = { target: TargetPage; state: Omit<ReviewState, 'text'>; fit: number }

/** Each page of the project that shares the example's layout and would change, with its fix. */
function proposals(
  ctx: Context,
  example: LoadedPage,
  fix: TaughtFix
): { examined: number; found: Found[] } {
  const shape = pageShape(example.layout)
  const candidates = pagesOfShape(ctx.db, {
    width: shape.width,
    height: shape.height,
    blocks: example.page.analysis.order.length,
    tolerance: LAYOUT_TOLERANCE.page,
    documentId: example.document.id,
    limit: MAX_EXAMINED + 1
  })
  const found: Found[] = []
  let examined = 0
  for (const key of candidates) {
    if (key.documentId === example.document.id && key.page === example.page.page) continue
    if (found.length >= MAX_PROPOSALS) break
    examined++
    const target = loadTarget(ctx, key.documentId, key.page)
    const match = matchLayout(shape, pageShape(target.layout))
    if (!match) continue
    const state = takeFix(target, mapFix(fix, match.blocks))
    if (state) found.push({ target, state, fit: match.fit })
  }
  return { examined, found }
}

function proposal({ target, state, fit }: Found): Proposal {
  const { layout, document, page } = target
  const excluded = new Set(state.excluded)
  const roles = new Map(state.structure?.blocks.map((b) => [b.id, b.role]))
  return {
    documentId: document.id,
    documentName: document.name,
    pageNo: page.page,
    width: layout.width,
    height: layout.height,
    rotation: layout.rotation,
    blocks: state.order.map((id) => ({
      id,
      bbox: [...(layout.blocks[id]?.bbox ?? [0, 0, 0, 0])] as [number, number, number, number],
      excluded: excluded.has(id),
      role: roles.get(id) ?? page.analysis.roles[id] ?? 'body'
    })),
    fit: Math.round(fit * 100) / 100
  }
}

export const teachHandlers: Handlers<'teach.similar' | 'teach.apply'> = {
  'teach.similar': ({ documentId, pageNo }, ctx) => {
    const example = loadPage(ctx, documentId, pageNo)
    const { fix, taught } = taughtFix(example)
    const measure = describeTolerance()
    if (taught.length === 0) return { measure, taught, examined: 0, proposals: [] }
    const { examined, found } = proposals(ctx, example, fix)
    return {
      measure,
      taught,
      examined,
      proposals: found.map(proposal)
    }
  },

  'teach.apply': ({ documentId, pageNo, targets }, ctx) => {
    const example = loadPage(ctx, documentId, pageNo)
    const { fix, taught } = taughtFix(example)
    if (taught.length === 0) {
      throw new AppError('conflict', `page ${pageNo} has no order or role of its own to teach`)
    }
    const shape = pageShape(example.layout)
    const label = `${taught.join(', ')} from page ${pageNo} of ${example.document.name}`
    const skipped: Output<'teach.apply'>['skipped'] = []
    const changed: { documentId: number; pageNo: number }[] = []
    const batch = ctx.db.transaction(() => {
      const made = createBatch(ctx.db, {
        kind: 'teach',
        label,
        author: ctx.author,
        example: { documentId, page: pageNo, revisionId: example.current.revisionId }
      })
      for (const ref of targets) {
        if (skippedWhileKeyed(ctx, ref, skipped) || skippedWhileHeld(ctx, ref, skipped)) continue
        const target = loadTarget(ctx, ref.documentId, ref.pageNo)
        const match = matchLayout(shape, pageShape(target.layout))
        const fixed = match && takeFix(target, mapFix(fix, match.blocks))
        if (!fixed) {
          skipped.push({ ...ref, reason: match ? 'nothing to change' : 'not of the same layout' })
          continue
        }
        appendRevision(ctx.db, {
          documentId: ref.documentId,
          page: ref.pageNo,
          author: ctx.author,
          action: 'teach',
          state: withText(target, fixed),
          batchId: made.id
        })
        changed.push(ref)
      }
      return made
    })()
    for (const ref of changed) ctx.emit('page.changed', ref)
    return { batchId: batch.id, label, pages: changed.length, skipped }
  }
}
