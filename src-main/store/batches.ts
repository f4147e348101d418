import type { ReadableDB, WritableDB } from './db.js'

export const BATCH_KINDS = ['teach', 'replace'] as const
export type BatchKind = (typeof BATCH_KINDS)[number]

/** One reviewer action across many pages; each page's revision names it (migration 0060). */
export type Batch = Readonly<{
  id: number
  kind: BatchKind
  /** What it did, in words for the history: "order and roles from page 1 of report.pdf". */
  label: string
  author: string
  createdAt: string
  /** The page a taught batch learned from, and its revision then; null for a replace. */
  example: Readonly<{ documentId: number; page: number; revisionId: number | null }> | null
  undoneAt: string | null
}>

type BatchRow = {
  id: number
  kind: BatchKind
  label: string
  author: string
  created_at: string
  example_document_id: number | null
  example_page_no: number | null
  example_revision_id: number | null
  undone_at: string | null
}

function toBatch(row: BatchRow): Batch {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    author: row.author,
    createdAt: row.created_at,
    example:
      row.example_document_id === null || row.example_page_no === null
        ? null
        : {
            documentId: row.example_document_id,
            page: row.example_page_no,
            revisionId: row.example_revision_id
          },
    undoneAt: row.undone_at
  }
}

export function createBatch(
  db: WritableDB,
  batch: Readonly<Pick<Batch, 'kind' | 'label' | 'author' | 'example'>>,
  now: Date = new Date()
): Batch {
  const row = db
    .prepare(
      `INSERT INTO batches (kind, label, author, created_at, example_document_id, example_page_no,
         example_revision_id)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`
    )
    .get(
      batch.kind,
      batch.label,
      batch.author,
      now.toISOString(),
      batch.example?.documentId ?? null,
      batch.example?.page ?? null,
      batch.example?.revisionId ?? null
    ) as BatchRow
  return toBatch(row)
}

export function getBatch(db: ReadableDB, id: number): Batch | undefined {
  const row = db.prepare('SELECT * FROM batches WHERE id = ?').get(id) as BatchRow | undefined
  return row && toBatch(row)
}

/** The labels of the batches the given revisions belong to, by batch id. */
export function batchLabels(db: ReadableDB, ids: readonly number[]): Map<number, string> {
  const labels = new Map<number, string>()
  const statement = db.prepare('SELECT label FROM batches WHERE id = ?').pluck()
  for (const id of new Set(ids)) {
    const label = statement.get(id) as string | undefined
    if (label !== undefined) labels.set(id, label)
  }
  return labels
}

/** Each page's revision of the batch, as document, page and revision id. */
export function batchRevisions(
  db: ReadableDB,
  id: number
): { documentId: number; page: number; revisionId: number }[] {
  return db
    .prepare(
      `SELECT document_id AS documentId, page_no AS page, id AS revisionId FROM revisions
       WHERE batch_id = ? ORDER BY id`
    )
    .all(id) as { documentId: number; page: number; revisionId: number }[]
}

export function markUndone(db: WritableDB, id: number, now: Date = new Date()): void {
  db.prepare('UPDATE batches SET undone_at = ? WHERE id = ?').run(now.toISOString(), id)
}
