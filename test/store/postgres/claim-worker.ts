import { workerData, parentPort } from 'node:worker_threads'
import { claimNext } from '../../../src-main/store/claims.js'
import type { WritableDB } from '../../../src-main/store/db.js'
import { PgDatabase } from '../../../src-main/store/postgres/pg-database.js'

/**
 * A reviewer on a connection of their own: claims the next page, approves it, and goes on until
 * the queue is empty; posts every page it was handed.
 */
const { url, userId } = workerData as { url: string; userId: number }
const db = new PgDatabase(url).asDatabase() as WritableDB
const handed: string[] = []
for (let page = claimNext(db, userId); page; page = claimNext(db, userId)) {
  handed.push(`${page.documentId}:${page.pageNo}`)
  db.prepare(`UPDATE pages SET status = 'approved' WHERE document_id = ? AND page_no = ?`).run(
    page.documentId,
    page.pageNo
  )
}
db.close()
parentPort!.postMessage(handed)
