import { stat } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { fileErrorReason } from '../../extract/input-files.js'
import { ingest, type FileOutcome, type IngestSummary } from '../../jobs/ingest.js'
import type { IngestSnapshot } from '../../jobs/progress.js'
import { describeLocation, isPostgresUrl, projectLocation } from '../../store/location.js'
import { UsageError, type Command } from '../command.js'
import { damageWarning } from '../damage-warning.js'
import { missingOcrModel } from '../ocr-model.js'
import { OCR_OPTIONS, ocrChoice } from '../ocr-options.js'
import { PASSWORD_HINT, PASSWORD_OPTION } from '../password-option.js'
import { projectProblem } from '../output-path.js'
import { plural } from '../../shared/plural.js'
import { messageOf } from '../../shared/error-message.js'
import { positiveInteger } from '../positive-integer.js'
import { openProjectForWriting } from '../open-project.js'

function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const mmss = `${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s % 60).padStart(2, '0')}`
  return h > 0 ? `${h}:${mmss}` : mmss
}

/** One redrawn line: bar, files, pages, rate, ETA, and the file being read. */
function progressLine(s: IngestSnapshot, columns: number): string {
  const width = 24
  const filled = Math.round(s.fraction * width)
  const bar = '#'.repeat(filled) + '-'.repeat(width - filled)
  const eta = s.etaSeconds === null ? '--:--' : clock(s.etaSeconds)
  const head =
    `[${bar}] ${Math.floor(s.fraction * 100)}%  files ${s.filesDone}/${s.filesTotal}` +
    `  pages ${s.pagesDone}/${s.pagesTotal}  ${s.pagesPerSecond.toFixed(1)} p/s  ETA ${eta}` +
    (s.errors > 0 ? `  errors ${s.errors}` : '')
  const room = columns - 1 - head.length - 2
  const file = s.currentFile === null ? '' : basename(s.currentFile)
  if (room < 8 || !file) return head.slice(0, columns - 1)
  return head + '  ' + (file.length > room ? '…' + file.slice(file.length - room + 1) : file)
}

const RETRY_HINT = 'failed before; --retry-errors tries it again'

function fileLine(outcome: FileOutcome): string | null {
  switch (outcome.status) {
    case 'ingested':
      return (
        `${outcome.path}: ${plural(outcome.pages, 'page')}` +
        (outcome.review + outcome.ocr > 0
          ? `, ${outcome.review} to review, ${outcome.ocr} for OCR`
          : ', all ok') +
        (outcome.damaged.length > 0 ? ` (${outcome.damaged.length} damaged)` : '')
      )
    case 'skipped':
      return `${outcome.path}: skipped (${outcome.why === 'failed before' ? RETRY_HINT : outcome.why})`
    case 'error':
      return null
  }
}

function summaryLine(summary: IngestSummary, failedBefore: number): string {
  const again =
    failedBefore > 0 ? ` (${failedBefore} failed before: --retry-errors tries again)` : ''
  return (
    `${plural(summary.files, 'file')}: ${summary.ingested} ingested, ` +
    `${summary.skipped} skipped${again}, ${plural(summary.errors, 'error')}; ` +
    `${plural(summary.pages, 'page')} extracted, ${summary.flaggedPages} flagged; ` +
    `${(summary.elapsedMs / 1000).toFixed(1)} s`
  )
}

/**
 * More workers than cores only adds memory (each holds a MuPDF heap of up to --memory-limit)
 * and makes them take turns: never faster. A script written for a bigger machine still runs.
 */
function clampWorkers(asked: number | undefined): number | undefined {
  const cores = availableParallelism()
  if (asked === undefined || asked <= cores) return asked
  process.stderr.write(
    `recto: --workers ${asked}: this machine has ${plural(cores, 'core')}; using ${cores}\n`
  )
  return cores
}

/**
 * Whether any input exists. When none does, the run would only record failures: each gets its
 * line here, and the run stops before it creates the project. Otherwise the ingest reports the
 * missing ones among its files.
 */
async function anyInput(inputs: readonly string[]): Promise<boolean> {
  const reasons: string[] = []
  for (const input of inputs) {
    try {
      await stat(input)
      return true
    } catch (error) {
      reasons.push(`recto: ${input}: ${fileErrorReason(error)}\n`)
    }
  }
  for (const line of reasons) process.stderr.write(line)
  return false
}

/**
 * A run fails when files failed (now, or in an earlier run and were skipped) and none is in the
 * project: a script can tell it from success. A run that ingested some files exits 0 with the
 * failures counted in its summary, as DESIGN.md asks: one bad file in a folder of thousands must
 * not read as a failed ingest.
 */
function runFailed(summary: IngestSummary, failedBefore: number): boolean {
  const failed = summary.errors + failedBefore
  const inProject = summary.ingested + summary.skipped - failedBefore
  return failed > 0 && inProject === 0
}

async function runIngest(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      workers: { type: 'string' },
      'time-limit': { type: 'string' },
      'memory-limit': { type: 'string' },
      'retry-errors': { type: 'boolean', default: false },
      queue: { type: 'boolean', default: false },
      ...PASSWORD_OPTION,
      ...OCR_OPTIONS
    }
  })
  if (positionals.length === 0) throw new UsageError('ingest takes at least one PDF or folder')
  const location = projectLocation(values.db)
  if (location === undefined) throw new UsageError('ingest needs --db <file>')
  const shown = describeLocation(location)
  const workers = clampWorkers(positiveInteger(values.workers, '--workers'))
  const timeLimit = positiveInteger(values['time-limit'], '--time-limit')
  const memoryLimit = positiveInteger(values['memory-limit'], '--memory-limit')
  const ocr = ocrChoice(values)
  // Everything that would make the run fail whole is asked before the project is created.
  const missing = ocr === null ? null : await missingOcrModel(ocr.languages, ocr.backend)
  if (ocr !== null && missing !== null) {
    process.stderr.write(`recto: --ocr-lang ${(ocr.languages ?? []).join('+')}: ${missing}\n`)
    return 1
  }
  if (values.queue) {
    if (!isPostgresUrl(location)) {
      process.stderr.write(`recto: ${shown}: --queue needs a PostgreSQL project\n`)
      return 1
    }
    if (values.password !== undefined) {
      throw new UsageError('--queue does not take --password: passwords are never stored')
    }
    if (!(await anyInput(positionals))) return 1
    const { queueIngest } = await import('../queue-ingest.js')
    return queueIngest(location, positionals, { ocr, retryErrors: values['retry-errors'] })
  }
  const problem = await projectProblem(location)
  if (problem !== null) {
    process.stderr.write(`recto: ${shown}: ${problem}\n`)
    return 1
  }
  if (!(await anyInput(positionals))) return 1

  const db = openProjectForWriting(location)
  if (!db) return 1
  const tty = process.stderr.isTTY === true
  let drawn = false
  const clearBar = () => {
    if (drawn) process.stderr.write('\r\x1b[K')
    drawn = false
  }
  // The first Ctrl-C stops cleanly (every committed page kept, the next run resumes); a second
  // one finds no handler and ends the process at once, which loses nothing either.
  const controller = new AbortController()
  const interrupt = () => controller.abort()
  process.once('SIGINT', interrupt)
  let failedBefore = 0
  try {
    const summary = await ingest(db, positionals, {
      workers,
      signal: controller.signal,
      retryErrors: values['retry-errors'],
      passwords: values.password === undefined ? [] : [values.password],
      ...(ocr?.languages?.[0] === undefined ? {} : { glyphLanguage: ocr.languages[0] }),
      ...(timeLimit === undefined ? {} : { documentTimeLimitMs: timeLimit * 1000 }),
      ...(memoryLimit === undefined ? {} : { memoryLimitMb: memoryLimit }),
      onProgress: (snapshot) => {
        if (!tty || snapshot.finished) return
        process.stderr.write(
          '\r' + progressLine(snapshot, process.stderr.columns || 100) + '\x1b[K'
        )
        drawn = true
      },
      onFile: (outcome) => {
        clearBar()
        if (outcome.status === 'skipped' && outcome.why === 'failed before') failedBefore++
        if (outcome.status === 'error') {
          const hint =
            values.password === undefined && outcome.reason.startsWith('encrypted')
              ? PASSWORD_HINT
              : ''
          process.stderr.write(`recto: ${outcome.path}: ${outcome.reason}${hint}\n`)
          return
        }
        if (outcome.status === 'ingested') {
          for (const { page, damage } of outcome.damaged) {
            process.stderr.write(damageWarning(outcome.path, page, damage))
          }
          if (outcome.unverified !== undefined) {
            process.stderr.write(
              `recto: ${outcome.path}: glyph verification failed (${outcome.unverified})\n`
            )
          }
        }
        if (!tty) {
          const line = fileLine(outcome)
          if (line) process.stdout.write(line + '\n')
        }
      }
    })
    clearBar()
    process.stdout.write(summaryLine(summary, failedBefore) + '\n')
    let cancelled = summary.cancelled
    if (!cancelled && ocr !== null) {
      const { ocrProject } = await import('../ocr-project.js')
      const passwords = values.password === undefined ? [] : [values.password]
      cancelled = !(await ocrProject(db, { ...ocr, passwords }, controller.signal))
    }
    if (cancelled) {
      process.stderr.write('recto: interrupted; run the same command again to resume\n')
      return 130
    }
    return runFailed(summary, failedBefore) ? 1 : 0
  } catch (error) {
    // Not a bad file (those are recorded and the run goes on) but the project itself: a full
    // disk, a database another program broke. Committed pages stay; the same command resumes.
    clearBar()
    const message = messageOf(error)
    process.stderr.write(`recto: ${shown}: ${message.split('\n')[0]}\n`)
    return 1
  } finally {
    process.off('SIGINT', interrupt)
    db.close()
  }
}

export const ingestCommand: Command = {
  name: 'ingest',
  run: runIngest
}
