import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type PgBoss from 'pg-boss'
import { fileErrorReason, listInputs } from '../extract/input-files.js'
import type { WritableDB } from '../store/db.js'
import { addDocument, markPending } from '../store/documents.js'
import { storePdfBytes } from '../store/pdf-files.js'
import { QUEUES, type IngestJobData } from './queues.js'

export type QueuedFile = Readonly<
  | { path: string; status: 'queued'; documentId: number }
  | {
      path: string
      status: 'skipped'
      why: 'already ingested' | 'failed before' | 'already queued'
      documentId: number
    }
  | { path: string; status: 'error'; reason: string }
>

export type QueueFilesOptions = Readonly<{
  /** OCR's languages for the rest of the cascade after ingest; null: ingest only. */
  cascade: Readonly<{ languages: readonly string[] | null }> | null
  retryErrors: boolean
  onFile: (file: QueuedFile) => void
}>

/**
 * Puts PDF files in the project for workers: each file's bytes are stored under their SHA-256
 * (no worker needs the queuing machine's disk), its document recorded in the order given (ids as
 * a plain ingest gives them), and an ingest job sent unless the document is in already.
 */
export async function queueFiles(
  db: WritableDB,
  boss: PgBoss,
  inputs: readonly string[],
  options: QueueFilesOptions
): Promise<void> {
  const { files, missing } = await listInputs(inputs)
  for (const { path, reason } of missing) options.onFile({ path, status: 'error', reason })
  for (const file of files) {
    let bytes: Buffer
    try {
      bytes = await readFile(file.path)
    } catch (error) {
      options.onFile({ path: file.path, status: 'error', reason: fileErrorReason(error) })
      continue
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const name = basename(file.path)
    const { document } = db.transaction(() => {
      storePdfBytes(db, sha256, bytes)
      return addDocument(db, { sha256, path: file.path, name, bytes: bytes.length })
    })()
    const skipped = { path: file.path, status: 'skipped', documentId: document.id } as const
    if (document.status === 'done') {
      options.onFile({ ...skipped, why: 'already ingested' })
      continue
    }
    if (document.status === 'error' && !options.retryErrors) {
      options.onFile({ ...skipped, why: 'failed before' })
      continue
    }
    if (document.status === 'error') markPending(db, document.id)
    const data: IngestJobData = {
      documentId: document.id,
      sha256,
      path: file.path,
      name,
      cascade: options.cascade && {
        languages: options.cascade.languages && [...options.cascade.languages]
      }
    }
    const id = await boss.send(QUEUES.ingest, data, { singletonKey: sha256 })
    options.onFile(
      id === null
        ? { ...skipped, why: 'already queued' }
        : { path: file.path, status: 'queued', documentId: document.id }
    )
  }
}
