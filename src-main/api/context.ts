import type { PageRenderer } from '../extract/render.js'
import type { EventName, Events } from '../shared/contract.js'
import type { WritableDB } from '../store/db.js'
import type { IngestJobs } from './ingest-jobs.js'

export type Emit = <E extends EventName>(event: E, payload: Events[E]) => void

/** What every handler may use; one per backend, built by `createBackend`. */
export type Context = Readonly<{
  db: WritableDB
  dbFile: string
  /** Who signs the revisions made through this backend. */
  author: string
  renderer: PageRenderer
  jobs: IngestJobs
  emit: Emit
}>
