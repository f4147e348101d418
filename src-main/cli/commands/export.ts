import { parseArgs } from 'node:util'
import {
  DEFAULT_GOLD_STATUSES,
  exportGold,
  type GoldExportReport
} from '../../export/gold-export.js'
import { PAGE_STATUSES, type PageStatus } from '../../shared/page.js'
import { openDatabaseReadOnly } from '../../store/open.js'
import type { ReadableDB } from '../../store/db.js'
import { UsageError, type Command } from '../command.js'

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

function goldSummary(report: GoldExportReport): string {
  const changes = report.added.length + report.changed.length + report.removed.length
  const counts =
    `${report.added.length} added, ${report.changed.length} changed, ` +
    `${report.unchanged.length} unchanged, ${report.removed.length} removed`
  const tail = changes === 0 ? ' (nothing changed)' : ''
  return `gold: ${report.entries} entries in ${report.dir}: ${counts}${tail}`
}

/** The project, or null after a one-line error naming the file (missing, not SQLite, too new). */
export function openProject(file: string): ReadableDB | null {
  try {
    return openDatabaseReadOnly(file)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    process.stderr.write(`recto: ${file}: ${reason}\n`)
    return null
  }
}

export const exportCommand: Command = {
  name: 'export',
  usage: 'export --db <file> --gold <dir>',
  summary: 'export reviewed pages as a gold set',
  help: [
    'Options:',
    '  --db <file>         the review project (required)',
    '  --gold <dir>        gold set: <doc>-p<NNN>.pdf + .txt per reviewed page, manifest.jsonl',
    '  --per-document      one gold entry per document (its reviewed pages) instead of per page',
    `  --status <list>     page statuses that become gold (default ${DEFAULT_GOLD_STATUSES.join(',')})`,
    '',
    'Files are replaced atomically and only when their content changes; running the same',
    'export twice reports "nothing changed".'
  ].join('\n'),
  async run(args) {
    try {
      return await runExport(args)
    } catch (error) {
      return reportUsage(error)
    }
  }
}

/** Bad usage and an unreadable project become one line on stderr, exit code 2. */
export function reportUsage(error: unknown): number {
  const code = (error as NodeJS.ErrnoException).code
  if (error instanceof UsageError || (code !== undefined && code.startsWith('ERR_PARSE_ARGS'))) {
    process.stderr.write(`recto: ${(error as Error).message}\n`)
    return 2
  }
  throw error
}

async function runExport(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      db: { type: 'string' },
      gold: { type: 'string' },
      'per-document': { type: 'boolean', default: false },
      status: { type: 'string' }
    },
    strict: true,
    allowPositionals: false
  })
  if (values.db === undefined) throw new UsageError('export needs --db <file>')
  if (values.gold === undefined) throw new UsageError('export needs --gold <dir>')
  const statuses = statusList(values.status)
  const db = openProject(values.db)
  if (!db) return 1
  let failed = false
  try {
    if (values.gold !== undefined) {
      const report = await exportGold(db, values.gold, {
        statuses,
        perDocument: values['per-document']
      })
      for (const e of report.errors) process.stderr.write(`recto: ${e.entry}: ${e.reason}\n`)
      failed ||= report.errors.length > 0
      process.stdout.write(goldSummary(report) + '\n')
    }
  } finally {
    db.close()
  }
  return failed ? 1 : 0
}
