import type { RenderedPage } from '../extract/render.js'
import type { Emit } from '../shared/contract.js'
import type { WritableDB } from '../store/db.js'
import type { IngestJobs } from './ingest-jobs.js'
import type { SessionPasswords } from './session-passwords.js'

/**
 * Renders a page of a PDF file at `scale` pixels per point, opening an encrypted file with the
 * empty password or one of `passwords`.
 */
export type PageImages = Readonly<{
  render(
    file: string,
    pageNo: number,
    scale: number,
    passwords: readonly string[]
  ): Promise<RenderedPage>
}>

/** What every handler may use; one per backend, built by `createBackend`. */
export type Context = Readonly<{
  db: WritableDB
  dbFile: string
  /** Who signs the revisions made through this backend. */
  author: string
  /**
   * In a shared project, the user id of the reviewer making a page-changing call: the write
   * lands only while they hold the page (requireClaim). Absent alone on a project.
   */
  claimant?: number
  renderer: PageImages
  jobs: IngestJobs
  /** Passwords given this session for encrypted documents (memory only). */
  passwords: SessionPasswords
  emit: Emit
}>
