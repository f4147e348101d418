import type { BlockRole, PageLayout } from '../shared/layout.js'
import type { Decision, FlagCode } from '../shared/flags.js'
import type { PageAnalysis, PageStatus } from '../shared/page.js'
import type { PageDigest } from '../analysis/page-digest.js'
import type { ReadableDB, WritableDB } from './db.js'
import { pageFlags, replacePageFlags, worstSeverity } from './flags.js'
import { decodeLayout, encodeLayout } from './layout-codec.js'
import { nonSpaceCodePoints } from '../shared/whitespace.js'
import { storedText } from './stored-text.js'

/** One page as extracted (in a worker): the layout already encoded, before analysis. */
export type ExtractedPage = Readonly<{
  page: number
  width: number
  height: number
  rotation: number
  layoutBlob: Uint8Array
  /** MuPDF's text in drawing order, before any clean-up. */
  rawText: string
  /** What the document-level pass needs from this page, kept so it never decodes layouts twice. */
  digest: PageDigest
}>

/** A page complete with its analysis. */
export type PageInput = ExtractedPage & Readonly<{ analysis: PageAnalysis }>

export function extractedPage(
  layout: PageLayout,
  rawText: string,
  digest: PageDigest
): ExtractedPage {
  return {
    page: layout.page,
    width: layout.width,
    height: layout.height,
    rotation: layout.rotation,
    layoutBlob: encodeLayout(layout),
    rawText,
    digest
  }
}

/** A blob that crossed from a worker arrives as a plain Uint8Array; SQLite binds Buffers. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/** The columns of `pages` that hold the engine's conclusions, as named statement parameters. */
export function analysisColumns(analysis: PageAnalysis): Record<string, string | number> {
  return {
    order: JSON.stringify(analysis.order),
    roles: JSON.stringify(analysis.roles),
    text: storedText(analysis.text),
    decision: analysis.decision,
    quality: analysis.quality,
    worst: worstSeverity(analysis.flags)
  }
}

/**
 * Stores a page's layout, analysis and flags in one transaction. Storing a page again replaces
 * its extraction but keeps its review status and revisions.
 */
export function savePage(db: WritableDB, documentId: number, page: PageInput): void {
  const { analysis } = page
  db.transaction(() => {
    db.prepare(
      `INSERT INTO pages (document_id, page_no, width, height, rotation, layout, auto_order, roles,
         text, raw_text, digest, chars, decision, quality, worst_severity)
       VALUES (@documentId, @page, @width, @height, @rotation, @layout, @order, @roles,
         @text, @rawText, @digest, @chars, @decision, @quality, @worst)
       ON CONFLICT (document_id, page_no) DO UPDATE SET
         width = excluded.width, height = excluded.height, rotation = excluded.rotation,
         layout = excluded.layout, auto_order = excluded.auto_order, roles = excluded.roles,
         text = excluded.text, raw_text = excluded.raw_text, digest = excluded.digest,
         chars = excluded.chars,
         decision = excluded.decision, quality = excluded.quality,
         worst_severity = excluded.worst_severity`
    ).run({
      documentId,
      page: page.page,
      width: page.width,
      height: page.height,
      rotation: page.rotation,
      layout: asBuffer(page.layoutBlob),
      rawText: storedText(page.rawText),
      digest: JSON.stringify(page.digest),
      chars: nonSpaceCodePoints(page.rawText),
      ...analysisColumns(analysis)
    })
    replacePageFlags(db, documentId, page.page, analysis.flags)
  })()
}

/**
 * Replaces a stored page's analysis (order, roles, text, flags, decision, quality), e.g. after the
 * document-level pass has seen every page. The layout, status and revisions stay.
 */
export function updatePageAnalysis(
  db: WritableDB,
  documentId: number,
  pageNo: number,
  analysis: PageAnalysis
): void {
  db.transaction(() => {
    const result = db
      .prepare(
        `UPDATE pages SET auto_order = @order, roles = @roles, text = @text, decision = @decision,
           quality = @quality, worst_severity = @worst
         WHERE document_id = @documentId AND page_no = @pageNo`
      )
      .run({ documentId, pageNo, ...analysisColumns(analysis) })
    if (result.changes !== 1) throw new Error(`no page ${pageNo} in document ${documentId}`)
    replacePageFlags(db, documentId, pageNo, analysis.flags)
  })()
}

export type StoredPage = Readonly<{
  documentId: number
  page: number
  width: number
  height: number
  rotation: number
  /** The automatic extraction's conclusions; a page's reviewed state is in its revisions. */
  analysis: PageAnalysis
  rawText: string
  /** Non-whitespace characters of the raw text. */
  chars: number
  status: PageStatus
}>

type PageRow = {
  document_id: number
  page_no: number
  width: number
  height: number
  rotation: number
  auto_order: string
  roles: string
  text: string
  raw_text: string
  chars: number
  decision: Decision
  quality: number
  status: PageStatus
}

/** One page without its layout (cheap); `readLayout` decodes the layout when it is needed. */
export function getPage(
  db: ReadableDB,
  documentId: number,
  pageNo: number
): StoredPage | undefined {
  const row = db
    .prepare(
      `SELECT document_id, page_no, width, height, rotation, auto_order, roles, text, raw_text,
         chars, decision, quality, status
       FROM pages WHERE document_id = ? AND page_no = ?`
    )
    .get(documentId, pageNo) as PageRow | undefined
  if (!row) return undefined
  return {
    documentId: row.document_id,
    page: row.page_no,
    width: row.width,
    height: row.height,
    rotation: row.rotation,
    analysis: {
      order: JSON.parse(row.auto_order) as number[],
      roles: JSON.parse(row.roles) as BlockRole[],
      text: row.text,
      flags: pageFlags(db, documentId, pageNo),
      decision: row.decision,
      quality: row.quality
    },
    rawText: row.raw_text,
    chars: row.chars,
    status: row.status
  }
}

export function readLayout(
  db: ReadableDB,
  documentId: number,
  pageNo: number
): PageLayout | undefined {
  const blob = db
    .prepare('SELECT layout FROM pages WHERE document_id = ? AND page_no = ?')
    .pluck()
    .get(documentId, pageNo) as Buffer | undefined
  return blob && decodeLayout(blob)
}

/** Page numbers already stored for a document, ascending (what a resumed ingest can skip). */
export function storedPageNumbers(db: ReadableDB, documentId: number): number[] {
  return db
    .prepare('SELECT page_no FROM pages WHERE document_id = ? ORDER BY page_no')
    .pluck()
    .all(documentId) as number[]
}

export type QueueFilter = Readonly<{
  status?: PageStatus
  decision?: Decision
  flag?: FlagCode
  documentId?: number
  /**
   * Only the pages the engine did not pass as ok and no reviewer approved yet; a decision or a
   * status filter, if any, says more.
   */
  attention?: boolean
}>

/** Whether the filter leaves out the pages decided ok (a decision filter takes precedence). */
function attentionOnly(filter: QueueFilter): boolean {
  return filter.attention === true && filter.decision === undefined
}

/**
 * Whether the filter leaves out the pages approved (with or without corrections): they need no
 * more attention, so the count drops as the reviewer works. A status filter takes precedence.
 */
function attentionUndone(filter: QueueFilter): boolean {
  return filter.attention === true && filter.status === undefined
}

const DONE = "('approved', 'corrected')"

/** Position in the queue; pass the `next` of one call as `after` to get the following items. */
export type QueueCursor = Readonly<{ rank: number; documentId: number; page: number }>

export type QueueItem = Readonly<{
  documentId: number
  documentName: string
  page: number
  decision: Decision
  quality: number
  /** 0 none, 1 info, 2 warn, 3 error. */
  worstSeverity: number
  status: PageStatus
  flags: readonly FlagCode[]
  cursor: QueueCursor
}>

export type QueuePage = Readonly<{ items: readonly QueueItem[]; next: QueueCursor | null }>

type QueueRow = {
  document_id: number
  document_name: string
  page_no: number
  decision: Decision
  quality: number
  worst_severity: number
  status: PageStatus
  rank: number
  flags: string | null
}

/**
 * The FROM/WHERE part of a queue query. With a flag filter the walk goes through the flags
 * index (which carries each page's status and rank); otherwise through one of the pages' rank
 * indexes. Either way the order comes from an index, so a page of results never sorts the whole
 * corpus; only a one-document filter sorts, and only that document's pages.
 */
function queueSource(filter: QueueFilter): { from: string; where: string[]; alias: string } {
  if (filter.flag !== undefined) {
    const where = ['f.code = @flag']
    if (filter.status !== undefined) where.push('f.page_status = @status')
    if (filter.decision !== undefined) where.push('p.decision = @decision')
    if (attentionOnly(filter)) where.push("p.decision <> 'ok'")
    if (attentionUndone(filter)) where.push(`f.page_status NOT IN ${DONE}`)
    if (filter.documentId !== undefined) where.push('f.document_id = @documentId')
    return {
      from: 'flags f JOIN pages p ON p.document_id = f.document_id AND p.page_no = f.page_no',
      where,
      alias: 'f'
    }
  }
  const where: string[] = []
  if (filter.status !== undefined) where.push('p.status = @status')
  if (filter.decision !== undefined) where.push('p.decision = @decision')
  if (attentionOnly(filter)) where.push("p.decision <> 'ok'")
  if (attentionUndone(filter)) where.push(`p.status NOT IN ${DONE}`)
  if (filter.documentId !== undefined) where.push('p.document_id = @documentId')
  return { from: 'pages p', where, alias: 'p' }
}

function sortColumns(alias: string): string {
  return alias === 'f'
    ? 'f.page_rank, f.document_id, f.page_no'
    : 'p.rank, p.document_id, p.page_no'
}

function filterParams(filter: QueueFilter): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  if (filter.status !== undefined) params.status = filter.status
  if (filter.decision !== undefined) params.decision = filter.decision
  if (filter.flag !== undefined) params.flag = filter.flag
  if (filter.documentId !== undefined) params.documentId = filter.documentId
  return params
}

/** The SQL of a queue page; exported so a test can hold each filter's plan to its index. */
export function queueSql(filter: QueueFilter, direction: 'after' | 'before' | 'start'): string {
  const { from, where, alias } = queueSource(filter)
  const key = sortColumns(alias)
  if (direction === 'after') where.push(`(${key}) > (@rank, @cursorDocument, @cursorPage)`)
  if (direction === 'before') where.push(`(${key}) < (@rank, @cursorDocument, @cursorPage)`)
  const order = direction === 'before' ? key.replaceAll(',', ' DESC,') + ' DESC' : key
  return `SELECT p.document_id, d.name AS document_name, p.page_no, p.decision, p.quality,
      p.worst_severity, p.status, p.rank,
      (SELECT group_concat(code) FROM flags g
        WHERE g.document_id = p.document_id AND g.page_no = p.page_no) AS flags
    FROM ${from} JOIN documents d ON d.id = p.document_id
    ${where.length > 0 ? 'WHERE ' + where.join(' AND ') : ''}
    ORDER BY ${order} LIMIT @limit`
}

/**
 * Pages to review, worst first (highest flag severity, then lowest quality), `limit` at a time.
 * `after` continues forwards from a cursor; `before` returns the items just before it (still in
 * queue order), for paging back.
 */
export function listQueue(
  db: ReadableDB,
  filter: QueueFilter = {},
  options: Readonly<{ after?: QueueCursor; before?: QueueCursor; limit?: number }> = {}
): QueuePage {
  const cursor = options.after ?? options.before
  const direction = options.after ? 'after' : options.before ? 'before' : 'start'
  const limit = options.limit ?? 50
  const params: Record<string, unknown> = { ...filterParams(filter), limit }
  if (cursor) {
    params.rank = cursor.rank
    params.cursorDocument = cursor.documentId
    params.cursorPage = cursor.page
  }
  const rows = db.prepare(queueSql(filter, direction)).all(params) as QueueRow[]
  if (direction === 'before') rows.reverse()
  const items = rows.map((r): QueueItem => ({
    documentId: r.document_id,
    documentName: r.document_name,
    page: r.page_no,
    decision: r.decision,
    quality: r.quality,
    worstSeverity: r.worst_severity,
    status: r.status,
    flags: r.flags ? (r.flags.split(',') as FlagCode[]) : [],
    cursor: { rank: r.rank, documentId: r.document_id, page: r.page_no }
  }))
  const last = items.at(-1)
  return { items, next: items.length === limit && last ? last.cursor : null }
}

/** How many pages match a queue filter (counted on the same indexes as `listQueue`). */
export function countQueue(db: ReadableDB, filter: QueueFilter = {}): number {
  const source = queueSource(filter)
  const { where } = source
  // Without a decision filter the flags index alone answers; joining pages would read each row.
  const byFlags =
    filter.flag !== undefined && filter.decision === undefined && !attentionOnly(filter)
  const from = byFlags ? 'flags f' : source.from
  const sql = `SELECT count(*) FROM ${from} ${where.length > 0 ? 'WHERE ' + where.join(' AND ') : ''}`
  return db.prepare(sql).pluck().get(filterParams(filter)) as number
}

export type DocumentPageCounts = Readonly<{ pages: number; review: number; ocr: number }>

/** A document's stored pages and how many the engine did not pass as ok. */
export function documentPageCounts(db: ReadableDB, documentId: number): DocumentPageCounts {
  return db
    .prepare(
      `SELECT count(*) AS pages, coalesce(sum(decision = 'review'), 0) AS review,
         coalesce(sum(decision = 'ocr'), 0) AS ocr
       FROM pages WHERE document_id = ?`
    )
    .get(documentId) as DocumentPageCounts
}
