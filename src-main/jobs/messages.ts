import type { PageAnalysis } from '../shared/page.js'
import type { ExtractedPage } from '../store/pages.js'
import type { LineReader, ReadBackPlan } from '../verify/read-back-plan.js'

/** Setup of one ingest worker thread. */
export type WorkerConfig = Readonly<{
  memoryLimitBytes: number
  /** The project file, opened read-only by the worker for the document pass. */
  dbPath: string
  /** The worker runs behind the review (PoolOptions, behind-review.ts). */
  behindReview: boolean
  /** The worker prepares its documents' read-back (PoolOptions). */
  readBack: boolean
}>

/** Main thread → worker. */
export type WorkerRequest =
  | Readonly<{
      /** Extract the document's pages, except those already stored. */
      type: 'extract'
      documentId: number
      path: string
      /** SHA-256 the main thread hashed; the worker checks the bytes it reads still match. */
      sha256: string
      skipPages: readonly number[]
      /** Passwords to try on an encrypted file (given this session, never stored). */
      passwords: readonly string[]
    }>
  | Readonly<{
      /** Every page is stored: analyse those still waiting, with the whole document's stats. */
      type: 'analyse'
      documentId: number
    }>
  /**
   * End the thread between documents. Terminating a worker inside a zlib call (the layout codec's
   * deflateSync) aborts the whole process in Node 20 ("close before init"), so a pool closes its
   * workers with this first.
   */
  | Readonly<{ type: 'stop' }>

/**
 * Worker → main thread. For `extract`: opened, page…, extracted (or failed). For `analyse`:
 * analysis…, done (or failed).
 */
export type WorkerReply =
  | Readonly<{
      type: 'opened'
      documentId: number
      pageCount: number
      title: string | null
      tagged: boolean
    }>
  | Readonly<{ type: 'page'; documentId: number; page: ExtractedPage; wasmBytes: number }>
  | Readonly<{
      type: 'extracted'
      documentId: number
      /**
       * MuPDF trapped while freeing the document, after every page was read: its heap may be
       * corrupt, so the document pass runs in a fresh worker and this one is terminated.
       */
      spent: boolean
      /**
       * The worker runs the document pass at once, with what it kept (the whole document was read
       * in this run): the main thread sends no `analyse`.
       */
      analysing: boolean
    }>
  | Readonly<{ type: 'analysis'; documentId: number; page: number; analysis: PageAnalysis }>
  /** The pass is over and the worker draws the lines these recognisers will read (verify/). */
  | Readonly<{ type: 'reading back'; documentId: number; readers: readonly LineReader[] }>
  | Readonly<{
      type: 'done'
      documentId: number
      /** Fonts a cheap signal doubts and pages with an invisible OCR layer to read back (verify/). */
      toVerify: number
      /** The read-back prepared in the worker (jobs/read-back-crops.ts), when it could be. */
      plan?: ReadBackPlan
      /** MuPDF trapped or ran out of memory preparing it: the worker must be replaced. */
      spent?: boolean
    }>
  | Readonly<{
      type: 'failed'
      documentId: number
      reason: string
      /** The worker's MuPDF heap is spent (memory limit, a trap): it must be replaced. */
      exiting: boolean
    }>
