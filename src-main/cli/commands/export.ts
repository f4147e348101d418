import { parseArgs } from 'node:util'
import type { ChunkOptions } from '../../export/chunks-export.js'
import type { GoldExportReport } from '../../export/gold-export.js'
import { DEFAULT_GOLD_STATUSES } from '../../export/gold-statuses.js'
import { PAGE_STATUSES, type PageStatus } from '../../shared/page.js'
import { projectLocation } from '../../store/location.js'
import type { ReadableDB } from '../../store/db.js'
import { UsageError, type Command } from '../command.js'
import { openProject } from '../open-project.js'
import {
  isFileSystemError,
  outputFileProblem,
  outputFolderProblem,
  writeFailure
} from '../output-path.js'
import { plural } from '../../shared/plural.js'
import { textForm } from '../normalize-option.js'
import { PASSWORD_HINT, PASSWORD_OPTION } from '../password-option.js'
import { positiveInteger } from '../positive-integer.js'
import { CHUNK_SIZE_OPTIONS, chunkSizing, textlessLine } from '../chunk-options.js'
import { missingOcrModel } from '../ocr-model.js'
import { OCR_OPTIONS, ocrChoice, type OcrChoice } from '../ocr-options.js'

function statusList(value: string | undefined): readonly PageStatus[] {
  if (value === undefined) return DEFAULT_GOLD_STATUSES
  const statuses = value.split(',').map((s) => s.trim())
  for (const s of statuses) {
    if (!(PAGE_STATUSES as readonly string[]).includes(s)) {
      throw new UsageError(`unknown status '${s}' (one of ${PAGE_STATUSES.join(', ')})`)
    }
  }
  return statuses as PageStatus[]
}

type Counts = Readonly<{
  added: readonly string[]
  changed: readonly string[]
  unchanged: readonly string[]
  removed?: readonly string[]
}>

function counts(r: Counts): string {
  const removed = r.removed === undefined ? '' : `, ${r.removed.length} removed`
  const changes = r.added.length + r.changed.length + (r.removed?.length ?? 0)
  return (
    `${r.added.length} added, ${r.changed.length} changed, ${r.unchanged.length} unchanged` +
    `${removed}${changes === 0 ? ' (nothing changed)' : ''}`
  )
}

function goldSummary(report: GoldExportReport): string {
  const waiting = report.awaitingAdjudication.length
  const notYet =
    waiting === 0
      ? ''
      : `; not gold yet: ${plural(waiting, 'double-keyed page waits', 'double-keyed pages wait')} for a keying or adjudication`
  return `gold: ${plural(report.entries, 'entry', 'entries')} in ${report.dir}: ${counts(report)}${notYet}`
}

/** `--jsonl -`: the records on standard output, as a pipe reads them (waiting when it is full). */
function writeStdout(chunk: string): Promise<void> {
  return new Promise((done) => {
    if (process.stdout.write(chunk)) done()
    else process.stdout.once('drain', done)
  })
}

type Targets = Readonly<{
  gold?: string
  jsonl?: string
  chunks?: string
  markdown?: string
  'page-xml'?: string
  pictures?: string
}>

/** Every target that cannot be written, as its `recto: <path>: <reason>` line. */
async function targetProblems(targets: Targets): Promise<string[]> {
  const checks: [string | undefined, () => Promise<string | null>][] = [
    [targets.gold, () => outputFolderProblem(targets.gold!)],
    [targets.markdown, () => outputFolderProblem(targets.markdown!)],
    [targets['page-xml'], () => outputFolderProblem(targets['page-xml']!)],
    [targets.pictures, () => outputFolderProblem(targets.pictures!)],
    [
      targets.jsonl === STDOUT ? undefined : targets.jsonl,
      () => outputFileProblem(targets.jsonl!, true)
    ],
    [targets.chunks, () => outputFileProblem(targets.chunks!, true)]
  ]
  const lines: string[] = []
  for (const [path, check] of checks) {
    if (path === undefined) continue
    const problem = await check()
    if (problem !== null) lines.push(`recto: ${path}: ${problem}\n`)
  }
  return lines
}

const STDOUT = '-'

/** `export --chunks out.jsonl <pdf or folder>...`: chunks of PDFs without a review project. */
async function chunksOfFiles(
  inputs: readonly string[],
  file: string,
  sizing: Pick<ChunkOptions, 'measure' | 'overlap'>,
  workers: number | undefined,
  ocr: OcrChoice | null,
  pictures: string | undefined
): Promise<number> {
  const { withScratchProject } = await import('../../export/scratch-project.js')
  let failed = false
  let textless = 0
  const controller = new AbortController()
  const r = await withScratchProject(
    inputs,
    {
      ...(workers === undefined ? {} : { workers }),
      onError: (path, reason) => {
        failed = true
        process.stderr.write(`recto: ${path}: ${reason}\n`)
      },
      ...(ocr !== null && {
        afterIngest: async (db) => {
          const { ocrProject } = await import('../ocr-project.js')
          await ocrProject(db, { ...ocr, passwords: [] }, controller.signal)
        }
      })
    },
    async (db) => {
      const { exportChunks } = await import('../../export/chunks-export.js')
      const report = await exportChunks(db, file, {
        ...sizing,
        onTextless: (document, pages) => {
          textless += pages.length
          process.stderr.write(textlessLine(document.path, pages, ocr !== null))
        }
      })
      if (pictures !== undefined) failed = (await writePictures(db, pictures)) || failed
      return report
    }
  )
  const left = textless > 0 ? ` (${plural(textless, 'page')} without text left out)` : ''
  process.stdout.write(
    `chunks: ${plural(r.chunks, 'chunk')} of ${plural(r.documents, 'document')} in ${r.file}: ${r.outcome}${left}\n`
  )
  return failed ? 1 : 0
}

/** `--pictures <dir>`: the pictures as PNG files, its summary line; true when one failed. */
async function writePictures(
  db: ReadableDB,
  dir: string,
  passwords: readonly string[] = [''],
  summary: NodeJS.WritableStream = process.stdout
): Promise<boolean> {
  const { exportPictures } = await import('../../export/pictures-export.js')
  const r = await exportPictures(db, dir, { passwords })
  for (const e of r.errors) process.stderr.write(`recto: ${e.entry}: ${e.reason}\n`)
  summary.write(`pictures: ${plural(r.pictures, 'picture')} in ${r.dir}: ${counts(r)}\n`)
  return r.errors.length > 0
}

async function runExport(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      db: { type: 'string' },
      gold: { type: 'string' },
      jsonl: { type: 'string' },
      chunks: { type: 'string' },
      ...CHUNK_SIZE_OPTIONS,
      ...OCR_OPTIONS,
      workers: { type: 'string' },
      markdown: { type: 'string' },
      'page-xml': { type: 'string' },
      pictures: { type: 'string' },
      'per-document': { type: 'boolean', default: false },
      status: { type: 'string' },
      normalize: { type: 'string' },
      ...PASSWORD_OPTION
    },
    strict: true,
    allowPositionals: true
  })
  const sizing = await chunkSizing(values)
  const ocr = ocrChoice(values)
  const targets = [values.gold, values.jsonl, values.chunks, values.markdown, values['page-xml']]
  const { pictures } = values
  if (positionals.length > 0) {
    if (
      values.db !== undefined ||
      values.chunks === undefined ||
      targets.filter(Boolean).length > 1
    ) {
      throw new UsageError(
        'export of PDFs without --db takes --chunks <file> only (and --pictures <dir>)'
      )
    }
    const workers = positiveInteger(values.workers, '--workers')
    const problems = await targetProblems({ chunks: values.chunks, pictures: values.pictures })
    for (const line of problems) process.stderr.write(line)
    if (problems.length > 0) return 1
    if (ocr !== null) {
      const missing = await missingOcrModel(ocr.languages, ocr.backend)
      if (missing !== null) {
        process.stderr.write(`recto: --ocr-lang ${(ocr.languages ?? []).join('+')}: ${missing}\n`)
        return 1
      }
    }
    return chunksOfFiles(positionals, values.chunks, sizing, workers, ocr, values.pictures)
  }
  if (ocr !== null) {
    throw new UsageError('--ocr is for PDFs exported without --db (a project: recto ingest --ocr)')
  }
  if (values.workers !== undefined) {
    throw new UsageError('--workers is for PDFs exported without --db')
  }
  const location = projectLocation(values.db)
  if (location === undefined) throw new UsageError('export needs --db <file>')
  if (targets.every((t) => t === undefined) && pictures === undefined) {
    throw new UsageError(
      'export needs --gold <dir>, --jsonl <file>, --chunks <file>, --markdown <dir>, --page-xml <dir> or --pictures <dir>'
    )
  }
  const statuses = statusList(values.status)
  const form = textForm(values.normalize)
  // Checked before anything is read or rendered: a bad target costs no work and writes nothing.
  const problems = await targetProblems(values)
  for (const line of problems) process.stderr.write(line)
  if (problems.length > 0) return 1
  const db = openProject(location)
  if (!db) return 1
  // With the JSONL on standard output, the summaries go to stderr, out of the records' way.
  const summary = values.jsonl === STDOUT ? process.stderr : process.stdout
  let failed = false
  /** One export; a write that fails is its one line, and the other exports still run. */
  const attempt = async (target: string, work: () => Promise<void>): Promise<void> => {
    try {
      await work()
    } catch (error) {
      if (!isFileSystemError(error)) throw error
      process.stderr.write(writeFailure(error, target))
      failed = true
    }
  }
  try {
    const { gold, jsonl, markdown } = values
    const pageXml = values['page-xml']
    if (gold !== undefined) {
      await attempt(gold, async () => {
        const { exportGold } = await import('../../export/gold-export.js')
        const report = await exportGold(db, gold, {
          statuses,
          perDocument: values['per-document']
        })
        for (const e of report.errors) process.stderr.write(`recto: ${e.entry}: ${e.reason}\n`)
        failed ||= report.errors.length > 0
        summary.write(goldSummary(report) + '\n')
      })
    }
    if (jsonl === STDOUT) {
      const { writeJsonlRecords } = await import('../../export/jsonl-export.js')
      const pages = await writeJsonlRecords(db, writeStdout, undefined, form)
      summary.write(`jsonl: ${plural(pages, 'page')} to standard output\n`)
    } else if (jsonl !== undefined) {
      await attempt(jsonl, async () => {
        const { exportJsonl } = await import('../../export/jsonl-export.js')
        const r = await exportJsonl(db, jsonl, { form })
        summary.write(`jsonl: ${plural(r.pages, 'page')} in ${r.file}: ${r.outcome}\n`)
      })
    }
    const { chunks } = values
    if (chunks !== undefined) {
      await attempt(chunks, async () => {
        let textless = 0
        const { exportChunks } = await import('../../export/chunks-export.js')
        const r = await exportChunks(db, chunks, {
          ...sizing,
          onTextless: (document, pages) => {
            textless += pages.length
            process.stderr.write(textlessLine(document.path, pages, false))
          }
        })
        const left = textless > 0 ? ` (${plural(textless, 'page')} without text left out)` : ''
        summary.write(
          `chunks: ${plural(r.chunks, 'chunk')} of ${plural(r.documents, 'document')} in ${r.file}: ${r.outcome}${left}\n`
        )
      })
    }
    if (markdown !== undefined) {
      await attempt(markdown, async () => {
        const { exportMarkdown } = await import('../../export/markdown-export.js')
        const r = await exportMarkdown(db, markdown, { form })
        summary.write(`markdown: ${plural(r.documents, 'document')} in ${r.dir}: ${counts(r)}\n`)
      })
    }
    if (pictures !== undefined) {
      await attempt(pictures, async () => {
        const passwords = values.password === undefined ? [''] : ['', values.password]
        failed = (await writePictures(db, pictures, passwords, summary)) || failed
      })
    }
    if (pageXml !== undefined) {
      await attempt(pageXml, async () => {
        const passwords = values.password === undefined ? [] : [values.password]
        const { exportPageXml } = await import('../../export/page-xml-export.js')
        const r = await exportPageXml(db, pageXml, { passwords })
        for (const e of r.errors) {
          const hint =
            values.password === undefined && e.reason.startsWith('encrypted') ? PASSWORD_HINT : ''
          process.stderr.write(`recto: ${e.entry}: ${e.reason}${hint}\n`)
        }
        failed ||= r.errors.length > 0
        summary.write(`page-xml: ${plural(r.pages, 'page')} in ${r.dir}: ${counts(r)}\n`)
      })
    }
  } finally {
    db.close()
  }
  return failed ? 1 : 0
}

export const exportCommand: Command = {
  name: 'export',
  run: runExport
}
