import { availableParallelism } from 'node:os'
import { basename } from 'node:path'
import type { WritableDB } from '../store/db.js'
import { reasonIsOutage, UNREACHABLE } from '../store/postgres/unreachable.js'
import { addDocument, markError, markIngesting, type DocumentRow } from '../store/documents.js'
import { markDone } from '../store/documents.js'
import {
  knownPageNumbers,
  pendingPageNumbers,
  promotePage,
  saveExtractedPage
} from '../store/extracted-pages.js'
import { damagedPages, type DamagedPage } from '../store/flags.js'
import { documentPageCounts } from '../store/pages.js'
import { hashedBatches, type HashedFile } from './hashed-files.js'
import { fileErrorReason, listInputs, type InputFile } from '../extract/input-files.js'
import { PageCommits } from './page-commits.js'
import { ExtractionPool, type PoolOptions } from './pool.js'
import { IngestProgress, type IngestSnapshot } from './progress.js'
import { startOrder } from './start-order.js'
import { messageOf } from '../shared/error-message.js'
import { sharedRecognizers, verifyStoredDocument } from '../verify/stored-verify.js'
import { languageFor, LAYER_LANGUAGE } from '../verify/reader-language.js'
import type { ReadBackPlan } from '../verify/read-back-plan.js'

export type FileOutcome = Readonly<
  | {
      path: string
      status: 'ingested'
      documentId: number
      pages: number
      review: number
      ocr: number
      /** Pages MuPDF could not read (among the `ocr` ones), kept empty with their reason. */
      damaged: readonly DamagedPage[]
      /** Why its doubted fonts could not be read back against their glyphs (verify/), if so. */
      unverified?: string
    }
  | {
      path: string
      status: 'skipped'
      documentId: number
      why: 'already ingested' | 'failed before' | 'duplicate'
    }
  | { path: string; status: 'error'; reason: string }
>

export type IngestOptions = Readonly<
  Partial<PoolOptions> & {
    /** Retry documents whose earlier ingest failed (by default they are skipped). */
    retryErrors?: boolean
    /**
     * Stops the run: no new file starts, workers are terminated, and documents in progress stay
     * `ingesting` with the pages committed so far, for the next ingest to resume.
     */
    signal?: AbortSignal
    onProgress?: (snapshot: IngestSnapshot) => void
    onFile?: (outcome: FileOutcome) => void
    /**
     * The path and name to record for a file read from a local copy (a worker's copy of bytes
     * queued on another machine): those it was queued under, not the copy's.
     */
    recordAs?: (path: string) => Readonly<{ path: string; name: string }>
    /**
     * The caller's pool, kept across runs (a worker's, so MuPDF loads once a thread): a stop or a
     * failed project closes it as it would the run's own; a run that ends leaves it open.
     */
    pool?: ExtractionPool
    /** The language doubted Latin fonts' lines are read back in (verify/); English without. */
    glyphLanguage?: string
  }
>

export type IngestSummary = Readonly<{
  files: number
  ingested: number
  skipped: number
  errors: number
  /** Pages extracted and analysed in this run. */
  pages: number
  /** Pages of this run's ingested documents the engine did not pass as ok. */
  flaggedPages: number
  elapsedMs: number
  /** The run was stopped through its signal before every file was done. */
  cancelled: boolean
}>

/** A file of the run with work to do, hashed and recorded. */
type AdmittedFile = InputFile & Readonly<{ sha256: string; document: DocumentRow }>

export const DEFAULT_POOL: Omit<PoolOptions, 'workers' | 'dbPath'> = {
  documentTimeLimitMs: 600_000,
  pageTimeLimitMs: 60_000,
  memoryLimitMb: 1024,
  behindReview: false
}

/**
 * Ingests PDF files and folders into the project. Files are content-addressed (hashed before
 * anything else): bytes already ingested are skipped at once, a document interrupted earlier
 * resumes with its missing pages. Pages are committed as they arrive from the workers (those of
 * the last few milliseconds together), so a killed run loses only the pages in flight. A bad file
 * fails alone, recorded with its reason.
 */
export async function ingest(
  db: WritableDB,
  inputs: readonly string[],
  options: IngestOptions = {}
): Promise<IngestSummary> {
  // Workers read pages back through their own connection: the project must be a file.
  if (db.memory) throw new Error('ingest needs a project file, not an in-memory database')
  const started = Date.now()
  const { files, missing } = await listInputs(inputs)
  const pool =
    options.pool ??
    new ExtractionPool({
      ...DEFAULT_POOL,
      ...options,
      workers: options.workers ?? availableParallelism(),
      dbPath: db.name
    })
  const progress = new IngestProgress({
    filesTotal: files.length + missing.length,
    bytesTotal: files.reduce((sum, f) => sum + f.bytes, 0),
    emit: (snapshot) => options.onProgress?.(snapshot)
  })
  const counts = { ingested: 0, skipped: 0, errors: 0, pages: 0, flaggedPages: 0 }
  const inRun = new Set<number>()
  let failed = false
  const stopped = () => failed || (options.signal?.aborted ?? false)
  // A delayed commit that fails stops the workers; the documents in progress then end, and the
  // first of them to commit rethrows the failure, as a failing handler would.
  const commits = new PageCommits(db, () => void pool.close())
  // The last stage of each document's ingest: fonts a cheap signal doubts read back against
  // their glyphs (verify/stored-verify.ts), one recogniser per language for the run, started
  // only by a document that has such a font. It runs while the workers read other documents.
  const recognizers = sharedRecognizers()
  let verified: Promise<unknown> = Promise.resolve()
  const glyphLanguage = options.glyphLanguage ?? 'eng'
  const verify = async (documentId: number, plan?: ReadBackPlan): Promise<string | undefined> => {
    try {
      await verifyStoredDocument(db, documentId, {
        language: glyphLanguage,
        recognizerFor: recognizers.recognizerFor,
        ...(plan === undefined ? {} : { plan }),
        ...(options.passwords === undefined ? {} : { passwords: options.passwords })
      })
      return undefined
    } catch (error) {
      return messageOf(error)
    }
  }

  const report = (outcome: FileOutcome) => {
    if (outcome.status === 'ingested') {
      counts.ingested++
      counts.flaggedPages += outcome.review + outcome.ocr
    } else if (outcome.status === 'skipped') counts.skipped++
    else counts.errors++
    options.onFile?.(outcome)
  }

  for (const { path, reason } of missing) {
    progress.fileFinished(path, 0, true)
    report({ path, status: 'error', reason })
  }

  /**
   * Records a hashed file's document: the run's files are admitted in the order given, before
   * any starts, so document ids follow that order whatever the start order. Null for a file with
   * nothing to do (unreadable, already ingested, a duplicate), reported at once.
   */
  const admit = (hashed: HashedFile): AdmittedFile | null => {
    const { file } = hashed
    if ('error' in hashed) {
      progress.fileFinished(file.path, 0, true)
      report({ path: file.path, status: 'error', reason: fileErrorReason(hashed.error) })
      return null
    }
    const { sha256 } = hashed
    const recorded = options.recordAs?.(file.path) ?? { path: file.path, name: basename(file.path) }
    const { document } = addDocument(db, { sha256, ...recorded, bytes: file.bytes })
    const skip = skipReason(document, inRun, options.retryErrors ?? false)
    if (skip) {
      progress.fileSkipped(file.bytes)
      report({ path: file.path, status: 'skipped', documentId: document.id, why: skip })
      return null
    }
    inRun.add(document.id)
    return { ...file, sha256, document }
  }

  const processFile = async (admitted: AdmittedFile): Promise<void> => {
    const { document, sha256, ...file } = admitted
    const id = document.id
    const known = knownPageNumbers(db, id)
    const pending = pendingPageNumbers(db, id).length
    const analysed = known.length - pending
    const complete = document.status === 'ingesting' && known.length === document.pageCount
    const outcome = await pool.ingest(
      {
        documentId: id,
        path: file.path,
        sha256,
        skipPages: known,
        extract: !complete,
        ...(options.passwords === undefined ? {} : { passwords: options.passwords })
      },
      {
        onStarted: () => {
          progress.fileStarted(file.path, file.bytes)
          if (complete) progress.pagesKnown(file.path, pending, pending)
        },
        onOpened: (reply) => {
          commits.add(() => markIngesting(db, id, reply))
          progress.pagesKnown(file.path, reply.pageCount - analysed, pending)
        },
        onPage: (reply) => {
          commits.add(() => saveExtractedPage(db, id, reply.page))
          progress.pageExtracted(file.path)
        },
        onExtracted: () => commits.commit(),
        onAnalysis: (reply) => {
          commits.add(() => promotePage(db, id, reply.page, reply.analysis))
          counts.pages++
          progress.pageDone(file.path)
        },
        // The recognisers its lines need start now, while the worker draws them and earlier
        // documents' lines are read, not when its first line comes to be read.
        onReadingBack: (readers) => {
          for (const reader of readers) {
            recognizers.start(
              reader === 'layer' ? LAYER_LANGUAGE : languageFor(reader, glyphLanguage)
            )
          }
        }
      }
    )
    commits.commit()
    // A stopped run leaves the document `ingesting` with its pages, for the next run to resume.
    if (stopped()) return
    if (outcome.ok) {
      // Its worker is free for the next file meanwhile: verification waits on OCR, not on it.
      // A document resumed with pages analysed by an earlier run has its fonts looked at whole.
      const doubted = analysed > 0 ? null : outcome.toVerify
      const plan = doubted === null || doubted === 0 ? undefined : outcome.plan
      const task: Promise<void> = finishDocument(file.path, file.bytes, id, doubted, plan)
        .catch(stopFor)
        .finally(() => verifying.delete(task))
      verifying.add(task)
    } else if (reasonIsOutage(outcome.reason)) {
      // The document is sound, its database was not (the pass reads pages back): the run stops
      // as for a failed commit, and the document is left to resume.
      throw Object.assign(new Error(outcome.reason), { code: UNREACHABLE })
    } else {
      markError(db, id, outcome.reason)
      progress.fileFinished(file.path, file.bytes, true)
      report({ path: file.path, status: 'error', reason: outcome.reason })
    }
  }

  /** A document read whole: verified, then done and reported with its pages' decisions. */
  const finishDocument = async (
    path: string,
    bytes: number,
    id: number,
    toVerify: number | null,
    plan: ReadBackPlan | undefined
  ): Promise<void> => {
    // One document at a time: they share the recogniser, and their reports keep their order.
    const turn = verified.then(() => (toVerify === 0 ? undefined : verify(id, plan)))
    verified = turn
    const unverified = await turn
    if (stopped()) return
    markDone(db, id)
    progress.fileFinished(path, bytes, false)
    report({
      path,
      status: 'ingested',
      documentId: id,
      ...documentPageCounts(db, id),
      damaged: damagedPages(db, id),
      ...(unverified === undefined ? {} : { unverified })
    })
  }

  // Documents are read and finished side by side and awaited together only at the end, so the
  // first failure of any (the database, not the file: a bad file is recorded, not thrown) is kept
  // here, stops the workers at once and is rethrown by the run. Left to the promise, it would be
  // an unhandled rejection that ends the process, or a rejection no one awaits any more.
  let failure: { error: unknown } | undefined
  const stopFor = (error: unknown) => {
    failure ??= { error }
    failed = true
    void pool.close()
  }

  const { signal } = options
  const stop = () => void pool.abort()
  signal?.addEventListener('abort', stop, { once: true })
  const running = new Set<Promise<void>>()
  const verifying = new Set<Promise<void>>()
  try {
    const admitted: AdmittedFile[] = []
    for await (const batch of hashedBatches(files)) {
      if (signal?.aborted) break
      db.transaction(() => {
        for (const hashed of batch) {
          const next = admit(hashed)
          if (next) admitted.push(next)
        }
      })()
      pool.warm(admitted.length)
    }
    // One file more than there are workers waits on the pool: a worker that ends a document is
    // handed the next at once, before this thread records the one it ended (2 ms a document,
    // a worker idle 0.2 s over the corpus).
    for (const file of startOrder(admitted, pool.size)) {
      while (running.size > pool.size) await Promise.race(running)
      if (stopped()) break
      const task: Promise<void> = processFile(file)
        .catch(stopFor)
        .finally(() => running.delete(task))
      running.add(task)
    }
    await Promise.all(running)
    // Every document has left the workers: the run's own pool ends while the last documents are
    // verified (on this thread and the recogniser's), not after, where the workers' exit would
    // lengthen the run.
    const closing = options.pool === undefined ? pool.close() : Promise.resolve()
    while (verifying.size > 0) await Promise.all(verifying)
    await closing
    if (failure) throw failure.error
  } catch (error) {
    // The project failed (not a file): stop the workers and let the other documents in
    // progress end without being marked as failed, then report the cause.
    failed = true
    await pool.close()
    await Promise.allSettled([...running, ...verifying])
    throw error
  } finally {
    signal?.removeEventListener('abort', stop)
    if (options.pool === undefined) await pool.close()
    await recognizers.close()
  }
  progress.finish()
  return {
    files: files.length + missing.length,
    ...counts,
    elapsedMs: Date.now() - started,
    cancelled: signal?.aborted ?? false
  }
}

function skipReason(
  document: DocumentRow,
  inRun: ReadonlySet<number>,
  retryErrors: boolean
): 'already ingested' | 'failed before' | 'duplicate' | null {
  if (inRun.has(document.id)) return 'duplicate'
  if (document.status === 'done') return 'already ingested'
  if (document.status === 'error' && !retryErrors) return 'failed before'
  return null
}
