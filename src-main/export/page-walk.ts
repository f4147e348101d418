import type { PageStatus } from '../shared/page.js'
import type { ReadableDB } from '../store/db.js'
import { exportPageRefs, type ExportPageRef } from '../store/export-queries.js'

const BATCH = 200

/**
 * Pages in (document, page) order, fetched a batch at a time: nothing holds the corpus in memory
 * and the connection is free between batches. `statuses` null walks every page.
 */
export async function* walkPages(
  db: ReadableDB,
  statuses: readonly PageStatus[] | null
): AsyncGenerator<ExportPageRef> {
  let after: ExportPageRef | null = null
  for (;;) {
    const refs = exportPageRefs(db, statuses, after, BATCH)
    yield* refs
    if (refs.length < BATCH) return
    after = refs.at(-1)!
  }
}

/** The same walk, grouped into one array of page refs per document. */
export async function* walkDocuments(
  db: ReadableDB,
  statuses: readonly PageStatus[] | null
): AsyncGenerator<ExportPageRef[]> {
  let group: ExportPageRef[] = []
  for await (const ref of walkPages(db, statuses)) {
    if (group.length > 0 && group[0]!.documentId !== ref.documentId) {
      yield group
      group = []
    }
    group.push(ref)
  }
  if (group.length > 0) yield group
}
