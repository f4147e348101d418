import type PgBoss from 'pg-boss'
import { ingest } from '../jobs/ingest.js'
import type { ExtractionPool } from '../jobs/pool.js'
import { storedPdfFile } from '../store/source-pdf.js'
import { pagesToOcr } from '../ocr/stored-pages.js'
import type { BackendName } from '../ocr/backend-names.js'
import { ocrStored, repairStored, verifyStored } from '../pipeline/stored-cascade.js'
import type { WritableDB } from '../store/db.js'
import { documentsToRepair } from '../store/font-maps.js'
import { plural } from '../shared/plural.js'
import { DocumentJobData, IngestJobData, QUEUES } from './queues.js'

/** What one worker machine brings to the jobs it takes. */
export type StageContext = Readonly<{
  db: WritableDB
  boss: PgBoss
  signal: AbortSignal
  /** The OCR program this machine reads with (null: the default); unused without --ocr. */
  backend: BackendName | null
  /** This machine's languages, when given: they win over the ones the file was queued with. */
  languages: readonly string[] | null
  /** The slot's extraction thread, kept from one document to the next. */
  pool: ExtractionPool
  /** Jobs the app takes beside a reviewer: their threads yield the CPU. */
  behindReview: boolean
  /** Passwords this machine was given for encrypted files (the app's session's); never stored. */
  passwords: () => readonly string[]
}>

/** A job's end as the worker prints it; `stopped` hands it back to the queue. */
export type StageResult = Readonly<{ stopped: boolean; line: string }>

/**
 * After a document's stage, the next one the file was queued for: font repair when a page blames
 * a font's map, else OCR when pages are still unusable. Either is queued once per document.
 */
async function queueNext(
  context: StageContext,
  data: DocumentJobData,
  after: 'ingest' | 'repair'
): Promise<void> {
  const { db, boss } = context
  if (after === 'ingest' && documentsToRepair(db).includes(data.documentId)) {
    // No key: the singleton policy then lets one repair of any document run at a time.
    await boss.send(QUEUES.repair, data)
  } else if (pagesToOcr(db, { documentId: data.documentId }).length > 0) {
    await boss.send(QUEUES.ocr, data, { singletonKey: data.sha256 })
  }
}

export async function ingestStage(context: StageContext, job: unknown): Promise<StageResult> {
  const data = IngestJobData.parse(job)
  const file = storedPdfFile(context.db, data.sha256)
  if (file === undefined) throw new Error(`the project does not hold the bytes of ${data.name}`)
  let line = `${data.path}: nothing to do`
  const summary = await ingest(context.db, [file], {
    pool: context.pool,
    passwords: context.passwords(),
    // The job exists because its file was queued to be read, after an earlier failure too.
    retryErrors: true,
    signal: context.signal,
    recordAs: () => ({ path: data.path, name: data.name }),
    onFile: (outcome) => {
      if (outcome.status === 'ingested') {
        line = `${data.path}: ${plural(outcome.pages, 'page')}, ${outcome.review} to review, ${outcome.ocr} for OCR`
      } else if (outcome.status === 'error') line = `${data.path}: ${outcome.reason}`
      else line = `${data.path}: skipped (${outcome.why})`
    }
  })
  if (summary.cancelled) return { stopped: true, line: `${data.path}: handed back` }
  if (data.cascade !== null && summary.ingested > 0) {
    await queueNext(
      context,
      { documentId: data.documentId, sha256: data.sha256, name: data.path, ...data.cascade },
      'ingest'
    )
  }
  return { stopped: false, line }
}

function choice(context: StageContext, data: DocumentJobData) {
  return {
    backend: context.backend,
    languages: context.languages ?? data.languages,
    passwords: context.passwords()
  }
}

export async function repairStage(context: StageContext, job: unknown): Promise<StageResult> {
  const data = DocumentJobData.parse(job)
  const { signal } = context
  const result = await repairStored(context.db, choice(context, data), {
    documentId: data.documentId,
    signal,
    behindReview: context.behindReview
  })
  // What the repair read again is verified before OCR, as in the cascade (stored-cascade.ts).
  await verifyStored(context.db, choice(context, data), result.repaired, { signal })
  if (signal.aborted) return { stopped: true, line: `${data.name}: font repair handed back` }
  await queueNext(context, data, 'repair')
  const failed = result.repairFailed[0]
  return {
    stopped: false,
    line: failed
      ? `${data.name}: font repair failed (${failed.reason})`
      : `${data.name}: font repair, ${plural(result.repaired.length, 'document')} read again`
  }
}

export async function ocrStage(context: StageContext, job: unknown): Promise<StageResult> {
  const data = DocumentJobData.parse(job)
  const { signal } = context
  const ocr = await ocrStored(context.db, choice(context, data), {
    documentId: data.documentId,
    signal,
    behindReview: context.behindReview
  })
  if (signal.aborted) return { stopped: true, line: `${data.name}: OCR handed back` }
  const read = ocr.done - ocr.failed.length
  return { stopped: false, line: `${data.name}: OCR, ${read} of ${ocr.total} pages read` }
}
