import { describeLocation } from '../store/location.js'
import { messageOf } from '../shared/error-message.js'
import type { OcrChoice } from './ocr-options.js'
import { plural } from '../shared/plural.js'
import { openProjectForWriting } from './open-project.js'

/**
 * `ingest --queue`: the files' bytes go into the PostgreSQL project and an ingest job each into
 * its queue, for `recto worker`s to take; the command returns once they are queued. A line per
 * file on stdout (an error on stderr), then a summary. 1 when no file could be queued.
 */
export async function queueIngest(
  location: string,
  inputs: readonly string[],
  options: Readonly<{ ocr: OcrChoice | null; retryErrors: boolean }>
): Promise<number> {
  const shown = describeLocation(location)
  const { startQueues } = await import('../queue/queues.js')
  const { queueFiles } = await import('../queue/queue-files.js')
  const counts = { queued: 0, skipped: 0, errors: 0 }
  const db = openProjectForWriting(location)
  if (!db) return 1
  let boss
  try {
    boss = await startQueues(location)
    await queueFiles(db, boss, inputs, {
      cascade: options.ocr && { languages: options.ocr.languages },
      retryErrors: options.retryErrors,
      onFile: (file) => {
        if (file.status === 'error') {
          counts.errors++
          process.stderr.write(`recto: ${file.path}: ${file.reason}\n`)
          return
        }
        counts[file.status === 'queued' ? 'queued' : 'skipped']++
        const line = file.status === 'queued' ? 'queued' : `skipped (${file.why})`
        process.stdout.write(`${file.path}: ${line}\n`)
      }
    })
  } catch (error) {
    process.stderr.write(`recto: ${shown}: ${messageOf(error).split('\n')[0]}\n`)
    return 1
  } finally {
    await boss?.stop({ graceful: false, wait: true })
    db.close()
  }
  process.stdout.write(
    `${plural(counts.queued + counts.skipped + counts.errors, 'file')}: ${counts.queued} queued, ` +
      `${counts.skipped} skipped, ${plural(counts.errors, 'error')}; ` +
      `\`recto worker --db ${shown}${options.ocr ? ' --ocr' : ''}\` takes them\n`
  )
  return counts.queued + counts.skipped === 0 ? 1 : 0
}
