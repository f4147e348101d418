import type { Decision, FlagCode, Severity } from '../shared/flags.js'
import type { ReadableDB } from './db.js'

/** What the planner needs of a stored page: no layout, no text. */
export type PlanPage = Readonly<{
  documentId: number
  page: number
  width: number
  height: number
  decision: Decision
  /** The page's flags that are not notes (warn and error). */
  failing: readonly Readonly<{ code: FlagCode; severity: Severity }>[]
}>

type Row = {
  document_id: number
  page_no: number
  width: number
  height: number
  decision: Decision
  failing: string | null
}

/**
 * Every page of the project in (document, page) order, read one row at a time, with the codes
 * and severities of its warn and error flags. Pages of documents that failed part-way count
 * too: they are in the project and a pipeline would meet them.
 */
export function* planPages(db: ReadableDB): Generator<PlanPage> {
  const rows = db
    .prepare(
      `SELECT p.document_id, p.page_no, p.width, p.height, p.decision,
         (SELECT json_group_array(json_object('code', f.code, 'severity', f.severity))
            FROM flags f
           WHERE f.document_id = p.document_id AND f.page_no = p.page_no
             AND f.severity <> 'info') AS failing
       FROM pages p ORDER BY p.document_id, p.page_no`
    )
    .iterate() as IterableIterator<Row>
  for (const row of rows) {
    yield {
      documentId: row.document_id,
      page: row.page_no,
      width: row.width,
      height: row.height,
      decision: row.decision,
      failing: row.failing === null ? [] : (JSON.parse(row.failing) as PlanPage['failing'])
    }
  }
}

/** How many documents the project has pages of. */
export function countPlanDocuments(db: ReadableDB): number {
  return db.prepare('SELECT count(DISTINCT document_id) FROM pages').pluck().get() as number
}
