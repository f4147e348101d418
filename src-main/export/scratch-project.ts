import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ingest } from '../jobs/ingest.js'
import type { ReadableDB, WritableDB } from '../store/db.js'
import { openDatabase } from '../store/open.js'

export type ScratchOptions = Readonly<{
  /** Extraction threads (default one per core); the chunks are the same for any count. */
  workers?: number
  /** A file that could not be ingested, and why; the others go on. */
  onError?: (path: string, reason: string) => void
  /** Runs on the ingested project before `use` reads it: the rest of the cascade (OCR). */
  afterIngest?: (db: WritableDB) => Promise<void>
}>

/**
 * PDFs or folders exported without a review project: they are ingested into a project in a
 * temporary folder (the same engine, worker pool and analysis as `recto ingest`), `use` reads
 * it, and the folder is removed whatever happens.
 */
export async function withScratchProject<T>(
  inputs: readonly string[],
  options: ScratchOptions,
  use: (db: ReadableDB) => Promise<T>
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'recto-scratch-'))
  try {
    const db = openDatabase(join(dir, 'project.sqlite'))
    try {
      await ingest(db, inputs, {
        ...(options.workers === undefined ? {} : { workers: options.workers }),
        onFile: (outcome) => {
          if (outcome.status === 'error') options.onError?.(outcome.path, outcome.reason)
        }
      })
      await options.afterIngest?.(db)
      return await use(db)
    } finally {
      db.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
