import { doubtfulWords } from '../ocr/doubtful-words.js'
import type { QueueItem } from '../shared/contract.js'
import { SEVERITIES } from '../shared/flags.js'
import { documentPaths, getDocument } from '../store/documents.js'
import { countFlags } from '../store/flags.js'
import { countQueue, getPage, listQueue, readLayout } from '../store/pages.js'
import { flagSeverities, pageQueueCursor } from '../store/review.js'
import { currentState, listRevisions } from '../store/revisions.js'
import type { Context } from './context.js'
import { AppError, notFound } from './errors.js'
import type { Handlers } from './handler.js'
import { pageOutline } from './page-outline.js'
import { extractionState, toPageState } from './page-state.js'
import { blockLineTexts, blockTexts } from '../review/page-text.js'
import { blockIds, withStructure, type PageStructure } from '../shared/page-structure.js'
import { undoStack } from './undo-stack.js'

function pageName(documentId: number, pageNo: number): string {
  return `page ${pageNo} of document ${documentId}`
}

/** Everything the review screen shows for one page, in one call. */
export function loadPage(ctx: Context, documentId: number, pageNo: number) {
  const document = getDocument(ctx.db, documentId)
  if (!document) throw notFound(`document ${documentId}`)
  const page = getPage(ctx.db, documentId, pageNo)
  const layout = page && readLayout(ctx.db, documentId, pageNo)
  const current = page && currentState(ctx.db, documentId, pageNo)
  if (!page || !layout || !current) throw notFound(pageName(documentId, pageNo))
  const history = listRevisions(ctx.db, documentId, pageNo)
  const stack = undoStack(extractionState(page), history)
  return { document, page, layout, current, history, stack }
}

/**
 * The engine's order for the reviewer's blocks: each block where the first of its lines' source
 * blocks stands in the extraction's order; blocks with no text (a region drawn on a picture) last.
 */
function structuredOrder(
  autoOrder: readonly number[],
  structure: PageStructure | null | undefined
): number[] {
  if (!structure) return [...autoOrder]
  const rank = new Map(autoOrder.map((id, index) => [id, index]))
  const at = (block: PageStructure['blocks'][number]): number =>
    Math.min(Infinity, ...block.lines.map(([source]) => rank.get(source) ?? Infinity))
  return [...structure.blocks].sort((a, b) => at(a) - at(b)).map((block) => block.id)
}

export const pageHandlers: Handlers<
  'pages.queue' | 'pages.get' | 'pages.adjacent' | 'pages.image' | 'pages.flagCounts'
> = {
  'pages.queue': ({ filter, after, limit }, ctx) => {
    const { items, next } = listQueue(ctx.db, filter, { after, limit })
    const flags = new Map<string, QueueItem['flags']>()
    for (const flag of flagSeverities(ctx.db, items)) {
      const key = `${flag.documentId}/${flag.page}`
      flags.set(key, [...(flags.get(key) ?? []), { code: flag.code, severity: flag.severity }])
    }
    return {
      total: countQueue(ctx.db, filter),
      next,
      items: items.map((item): QueueItem => ({
        documentId: item.documentId,
        documentName: item.documentName,
        pageNo: item.page,
        decision: item.decision,
        quality: item.quality,
        worstSeverity: SEVERITIES[item.worstSeverity - 1] ?? null,
        status: item.status,
        flags: flags.get(`${item.documentId}/${item.page}`) ?? []
      }))
    }
  },

  'pages.get': ({ documentId, pageNo }, ctx) => {
    const { document, page, layout, current, stack } = loadPage(ctx, documentId, pageNo)
    const { structure } = current.state
    const shown = withStructure(layout, page.analysis.roles, structure)
    const ids = new Set(blockIds(layout, structure))
    const outline = pageOutline(shown.layout)
    return {
      documentId,
      documentName: document.name,
      documentSha256: document.sha256,
      pageNo,
      pageCount: document.pageCount ?? pageNo,
      layout: { ...outline, blocks: outline.blocks.filter((block) => ids.has(block.id)) },
      autoOrder: structuredOrder(page.analysis.order, structure),
      roles: [...shown.roles],
      blockText: blockTexts(shown.layout, shown.roles),
      blockLines: blockLineTexts(shown.layout),
      extractedText: page.analysis.text,
      decision: page.analysis.decision,
      quality: page.analysis.quality,
      flags: [...page.analysis.flags],
      doubtfulWords: doubtfulWords(layout),
      state: toPageState(layout, page.analysis.roles, current, stack)
    }
  },

  'pages.adjacent': ({ documentId, pageNo, direction, filter }, ctx) => {
    const cursor = pageQueueCursor(ctx.db, documentId, pageNo)
    if (!cursor) throw notFound(pageName(documentId, pageNo))
    const options = direction === 'next' ? { after: cursor } : { before: cursor }
    const [item] = listQueue(ctx.db, filter, { ...options, limit: 1 }).items
    return item ? { documentId: item.documentId, pageNo: item.page } : null
  },

  'pages.flagCounts': ({ documentId }, ctx) =>
    countFlags(ctx.db, documentId === undefined ? {} : { documentId }).map((count) => ({
      code: count.code,
      pages: count.pages
    })),

  'pages.image': async ({ documentId, pageNo, scale }, ctx) => {
    const document = getDocument(ctx.db, documentId)
    if (!document) throw notFound(`document ${documentId}`)
    if (document.pageCount !== null && pageNo > document.pageCount) {
      throw notFound(pageName(documentId, pageNo))
    }
    // The file may have moved since it was added; any path its bytes were seen under will do.
    const paths = [document.path, ...documentPaths(ctx.db, documentId)]
    let lastError: unknown
    for (const path of new Set(paths)) {
      try {
        const image = await ctx.renderer.render(path, pageNo, scale, ctx.passwords.list())
        if (image.sha256 !== document.sha256) {
          lastError = new Error(`${path} has changed since it was ingested`)
          continue
        }
        return {
          png: Buffer.from(image.png).toString('base64'),
          width: image.width,
          height: image.height,
          sha256: image.sha256,
          pageNo: image.pageNo,
          scale: image.scale
        }
      } catch (error) {
        lastError = error
      }
    }
    throw new AppError(
      'not-found',
      `cannot render ${pageName(documentId, pageNo)}: ${lastError instanceof Error ? lastError.message : 'no file'}`
    )
  }
}
