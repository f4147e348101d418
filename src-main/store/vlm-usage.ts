import type { ReadableDB, WritableDB } from './db.js'

export type VlmUsageRow = Readonly<{
  run: string
  documentId: number
  page: number
  model: string
  outcome: 'read' | 'failed'
  reason: string | null
  inputTokens: number
  outputTokens: number
  cost: number
  currency: string
}>

/** One page's request to the model, kept whatever came of it. */
export function recordVlmUsage(db: WritableDB, row: VlmUsageRow): void {
  db.prepare(
    `INSERT INTO vlm_usage (run, document_id, page_no, model, outcome, reason, input_tokens,
       output_tokens, cost, currency, created_at)
     VALUES (@run, @documentId, @page, @model, @outcome, @reason, @inputTokens, @outputTokens,
       @cost, @currency, @createdAt)`
  ).run({ ...row, createdAt: new Date().toISOString() })
}

/** What the model has cost the project so far (or one run of it), by currency. */
export type VlmSpent = Readonly<{
  /** Pages sent at least once, and of them the pages whose reading was stored. */
  pages: number
  read: number
  requests: number
  inputTokens: number
  outputTokens: number
  cost: number
  currency: string
}>

export function vlmSpent(db: ReadableDB, run?: string): VlmSpent[] {
  const rows = db
    .prepare(
      `SELECT currency,
         count(DISTINCT document_id || ':' || page_no) AS pages,
         count(DISTINCT CASE WHEN outcome = 'read' THEN document_id || ':' || page_no END) AS "read",
         count(*) AS requests,
         sum(input_tokens) AS "inputTokens", sum(output_tokens) AS "outputTokens",
         sum(cost) AS cost
       FROM vlm_usage WHERE (@run IS NULL OR run = @run)
       GROUP BY currency ORDER BY currency`
    )
    .all({ run: run ?? null }) as Record<string, unknown>[]
  return rows.map((row) => ({
    pages: Number(row['pages']),
    read: Number(row['read']),
    requests: Number(row['requests']),
    inputTokens: Number(row['inputTokens']),
    outputTokens: Number(row['outputTokens']),
    cost: Math.round(Number(row['cost']) * 1e6) / 1e6,
    currency: String(row['currency'])
  }))
}

/** The pages the model has read, with their size: what `recto plan` prices again for comparison. */
export function vlmPages(db: ReadableDB): { documentId: number; page: number }[] {
  return db
    .prepare(
      `SELECT DISTINCT document_id AS "documentId", page_no AS page FROM vlm_usage
       ORDER BY document_id, page_no`
    )
    .all() as { documentId: number; page: number }[]
}
