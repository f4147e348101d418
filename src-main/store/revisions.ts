import { EXCLUDED_ROLES, type BlockRole } from '../shared/layout.js'
import { PAGE_STATUSES, type PageStatus } from '../shared/page.js'
import type { PageStructure } from '../shared/page-structure.js'
import type { ReadableDB, WritableDB } from './db.js'
import { storedText } from './stored-text.js'

/**
 * A page's review state, complete: every revision stores all of it, so any revision can be shown
 * or exported on its own, and undo is appending an earlier state again.
 */
export type ReviewState = Readonly<{
  /** Every block id of the page in reading order, excluded blocks included. */
  order: readonly number[]
  /** Block ids left out of the page's text (headers, footers, noise). */
  excluded: readonly number[]
  /** Text of the blocks the reviewer edited, by block id; other blocks keep the extraction's. */
  blockText: Readonly<Record<number, string>>
  /** The page's text as the reviewer leaves it (what the gold entry holds). */
  text: string
  status: PageStatus
  /** The reviewer's blocks; absent or null: the extraction's. */
  structure?: PageStructure | null
}>

export type Revision = Readonly<{
  id: number
  documentId: number
  page: number
  createdAt: string
  author: string
  /** What the reviewer did, in a word or two: `reorder`, `exclude`, `edit`, `approve`, `undo`. */
  action: string
  state: ReviewState
  /** The action across many pages this revision is part of (store/batches.ts), if any. */
  batchId: number | null
}>

/** The state a page is in now, and the revision it comes from (null: the automatic extraction). */
export type CurrentState = Readonly<{ state: ReviewState; revisionId: number | null }>

/** A revision that does not fit its page: unknown block ids, or an order that drops blocks. */
export class RevisionError extends Error {
  override name = 'RevisionError'
}

type RevisionRow = {
  id: number
  document_id: number
  page_no: number
  created_at: string
  author: string
  action: string
  block_order: string
  excluded: string
  block_text: string
  text: string
  status: PageStatus
  structure: string | null
  batch_id: number | null
}

function toRevision(row: RevisionRow): Revision {
  return {
    id: row.id,
    documentId: row.document_id,
    page: row.page_no,
    createdAt: row.created_at,
    author: row.author,
    action: row.action,
    batchId: row.batch_id ?? null,
    state: {
      order: JSON.parse(row.block_order) as number[],
      excluded: JSON.parse(row.excluded) as number[],
      blockText: JSON.parse(row.block_text) as Record<number, string>,
      text: row.text,
      status: row.status,
      ...(row.structure === null ? {} : { structure: JSON.parse(row.structure) as PageStructure })
    }
  }
}

function checkState(state: ReviewState, autoOrder: readonly number[]): void {
  const ids = new Set(state.structure ? state.structure.blocks.map((b) => b.id) : autoOrder)
  if (state.structure && ids.size !== state.structure.blocks.length) {
    throw new RevisionError('two blocks of the page have one id')
  }
  const order = new Set(state.order)
  if (order.size !== state.order.length || order.size !== ids.size) {
    throw new RevisionError(`the order must list each of the page's ${ids.size} blocks once`)
  }
  for (const id of [...state.order, ...state.excluded, ...Object.keys(state.blockText)]) {
    if (!ids.has(Number(id))) throw new RevisionError(`the page has no block ${id}`)
  }
  if (!PAGE_STATUSES.includes(state.status)) {
    throw new RevisionError(`unknown page status '${String(state.status)}'`)
  }
}

/**
 * Appends a revision and mirrors its status into `pages.status` in the same transaction, so the
 * queue never disagrees with the history. Nothing is ever updated or deleted.
 */
export function appendRevision(
  db: WritableDB,
  revision: Readonly<{
    documentId: number
    page: number
    author: string
    action: string
    state: ReviewState
    batchId?: number | null
  }>,
  now: Date = new Date()
): Revision {
  return db.transaction(() => {
    const { documentId, page, state } = revision
    const autoOrder = db
      .prepare('SELECT auto_order FROM pages WHERE document_id = ? AND page_no = ?')
      .pluck()
      .get(documentId, page) as string | undefined
    if (autoOrder === undefined) {
      throw new RevisionError(`no page ${page} in document ${documentId}`)
    }
    checkState(state, JSON.parse(autoOrder) as number[])
    const row = db
      .prepare(
        `INSERT INTO revisions (document_id, page_no, created_at, author, action, block_order,
           excluded, block_text, text, status, structure, batch_id)
         VALUES (@documentId, @page, @createdAt, @author, @action, @order, @excluded, @blockText,
           @text, @status, @structure, @batchId)
         RETURNING *`
      )
      .get({
        documentId,
        page,
        createdAt: now.toISOString(),
        author: revision.author,
        action: revision.action,
        order: JSON.stringify(state.order),
        excluded: JSON.stringify(state.excluded),
        blockText: JSON.stringify(
          Object.fromEntries(
            Object.entries(state.blockText).map(([id, text]) => [id, storedText(text)])
          )
        ),
        text: storedText(state.text),
        status: state.status,
        structure: state.structure ? JSON.stringify(state.structure) : null,
        batchId: revision.batchId ?? null
      }) as RevisionRow
    db.prepare('UPDATE pages SET status = ? WHERE document_id = ? AND page_no = ?').run(
      state.status,
      documentId,
      page
    )
    return toRevision(row)
  })()
}

/** A page's history, oldest first. */
export function listRevisions(db: ReadableDB, documentId: number, page: number): Revision[] {
  const rows = db
    .prepare('SELECT * FROM revisions WHERE document_id = ? AND page_no = ? ORDER BY id')
    .all(documentId, page) as RevisionRow[]
  return rows.map(toRevision)
}

export function latestRevision(
  db: ReadableDB,
  documentId: number,
  page: number
): Revision | undefined {
  const row = db
    .prepare(
      'SELECT * FROM revisions WHERE document_id = ? AND page_no = ? ORDER BY id DESC LIMIT 1'
    )
    .get(documentId, page) as RevisionRow | undefined
  return row && toRevision(row)
}

/**
 * The page's state now: its latest revision, or, before anyone touched it, the automatic
 * extraction (its order, its excluded roles, its text, status `unreviewed`).
 */
export function currentState(
  db: ReadableDB,
  documentId: number,
  page: number
): CurrentState | undefined {
  const latest = latestRevision(db, documentId, page)
  if (latest) return { state: latest.state, revisionId: latest.id }
  const row = db
    .prepare(
      'SELECT auto_order, roles, text, status FROM pages WHERE document_id = ? AND page_no = ?'
    )
    .get(documentId, page) as
    { auto_order: string; roles: string; text: string; status: PageStatus } | undefined
  if (!row) return undefined
  const order = JSON.parse(row.auto_order) as number[]
  const roles = JSON.parse(row.roles) as BlockRole[]
  return {
    state: {
      order,
      excluded: order.filter((id) => {
        const role = roles[id]
        return role !== undefined && EXCLUDED_ROLES.has(role)
      }),
      blockText: {},
      text: row.text,
      status: row.status
    },
    revisionId: null
  }
}
