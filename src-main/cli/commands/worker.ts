import { availableParallelism } from 'node:os'
import { parseArgs } from 'node:util'
import { describeLocation, isPostgresUrl, projectLocation } from '../../store/location.js'
import { messageOf } from '../../shared/error-message.js'
import { UsageError, type Command } from '../command.js'
import { OCR_OPTIONS, ocrChoice } from '../ocr-options.js'
import { positiveInteger } from '../positive-integer.js'
import { openProjectForWriting } from '../open-project.js'

const STAGE_NAMES = { 'recto-ingest': 'ingest', 'recto-repair': 'font repair', 'recto-ocr': 'OCR' }

async function runWorker(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { db: { type: 'string' }, workers: { type: 'string' }, ...OCR_OPTIONS }
  })
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`)
  const location = projectLocation(values.db)
  if (location === undefined) throw new UsageError('worker needs --db <postgres://…>')
  const shown = describeLocation(location)
  if (!isPostgresUrl(location)) {
    process.stderr.write(`recto: ${shown}: workers need a PostgreSQL project\n`)
    return 1
  }
  const slots = positiveInteger(values.workers, '--workers') ?? availableParallelism()
  const ocr = ocrChoice(values)
  const db = openProjectForWriting(location)
  if (!db) return 1
  // The queue engine and the stages' OCR are loaded only by a worker that got this far.
  const { startQueues } = await import('../../queue/queues.js')
  const { takeJobs } = await import('../../queue/take-jobs.js')
  const controller = new AbortController()
  const stop = () => controller.abort()
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  let boss
  try {
    boss = await startQueues(location)
    const stages = ocr === null ? 'ingest' : 'ingest, font repair, OCR'
    process.stderr.write(`recto worker: taking ${stages} jobs from ${shown}, ${slots} at a time\n`)
    const summary = await takeJobs(
      {
        db,
        boss,
        signal: controller.signal,
        backend: ocr?.backend ?? null,
        languages: ocr?.languages ?? null,
        behindReview: false,
        passwords: () => []
      },
      {
        slots,
        cascade: ocr !== null,
        onJob: (queue, result) => process.stdout.write(`${STAGE_NAMES[queue]}: ${result.line}\n`),
        onError: (queue, reason) =>
          process.stderr.write(
            `recto: ${STAGE_NAMES[queue]} job failed (${reason}); it is retried\n`
          ),
        onOutage: (message) => process.stderr.write(`recto worker: ${message}\n`)
      }
    )
    process.stderr.write(
      `recto worker: stopped; ${summary.done} jobs done, ${summary.failed} failed, ` +
        `${summary.handedBack} handed back\n`
    )
    return 0
  } catch (error) {
    process.stderr.write(`recto: ${shown}: ${messageOf(error).split('\n')[0]}\n`)
    return 1
  } finally {
    // A failed project stops every slot, not only the one that met it.
    controller.abort()
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
    await boss?.stop({ graceful: false, wait: true })
    db.close()
  }
}

export const workerCommand: Command = {
  name: 'worker',
  run: runWorker
}
