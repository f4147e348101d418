import { parseArgs } from 'node:util'
import {
  DEFAULT_GOLD_STATUSES,
  exportGold,
  type GoldExportReport
} from '../../export/gold-export.js'
import { exportJsonl } from '../../export/jsonl-export.js'
import { exportMarkdown } from '../../export/markdown-export.js'
import { exportPageXml } from '../../export/page-xml-export.js'
import { PAGE_STATUSES, type PageStatus } from '../../shared/page.js'
import type { ReadableDB } from '../../store/db.js'
import { openDatabaseReadOnly } from '../../store/open.js'
import { UsageError, type Command } from '../command.js'
import { textForm } from '../normalize-option.js'

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
  return `gold: ${report.entries} entries in ${report.dir}: ${counts(report)}`
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

async function runExport(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      db: { type: 'string' },
      gold: { type: 'string' },
      jsonl: { type: 'string' },
      markdown: { type: 'string' },
      'page-xml': { type: 'string' },
      'per-document': { type: 'boolean', default: false },
      status: { type: 'string' },
      normalize: { type: 'string' }
    },
    strict: true,
    allowPositionals: false
  })
  if (values.db === undefined) throw new UsageError('export needs --db <file>')
  const targets = [values.gold, values.jsonl, values.markdown, values['page-xml']]
  if (targets.every((t) => t === undefined)) {
    throw new UsageError(
      'export needs --gold <dir>, --jsonl <file>, --markdown <dir> or --page-xml <dir>'
    )
  }
  const statuses = statusList(values.status)
  const form = textForm(values.normalize)
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
    if (values.jsonl !== undefined) {
      const r = await exportJsonl(db, values.jsonl, { form })
      process.stdout.write(`jsonl: ${r.pages} pages in ${r.file}: ${r.outcome}\n`)
    }
    if (values.markdown !== undefined) {
      const r = await exportMarkdown(db, values.markdown, { form })
      process.stdout.write(`markdown: ${r.documents} documents in ${r.dir}: ${counts(r)}\n`)
    }
    if (values['page-xml'] !== undefined) {
      const r = await exportPageXml(db, values['page-xml'])
      for (const e of r.errors) process.stderr.write(`recto: ${e.entry}: ${e.reason}\n`)
      failed ||= r.errors.length > 0
      process.stdout.write(`page-xml: ${r.pages} pages in ${r.dir}: ${counts(r)}\n`)
    }
  } finally {
    db.close()
  }
  return failed ? 1 : 0
}

export const exportCommand: Command = {
  name: 'export',
  usage: 'export --db <file> [--gold <dir>] [--jsonl <file>] [--markdown <dir>] [--page-xml <dir>]',
  summary: 'export reviewed pages as a gold set, the corpus as JSONL or Markdown',
  help: [
    'Options:',
    '  --db <file>         the review project (required)',
    '  --gold <dir>        gold set: <doc>-p<NNN>.pdf + .txt per reviewed page, manifest.jsonl',
    '  --per-document      one gold entry per document (its reviewed pages) instead of per page',
    `  --status <list>     page statuses that become gold (default ${DEFAULT_GOLD_STATUSES.join(',')})`,
    '  --jsonl <file>      every page as one JSON line: text, blocks (bbox, role), flags, status',
    '  --markdown <dir>    one Markdown file per document: headings, tables, pages in order',
    '  --page-xml <dir>    PAGE-XML 2019 + 150 dpi PNG per page, reading order as reviewed',
    '  --normalize nfkc    Unicode NFKC on the JSONL and Markdown text ("²" → "2"); the gold set',
    '                      stays as drawn, as a transcription must',
    '',
    'Corrections (order, exclusions, edited text) are used wherever a page has a revision.',
    'Files are replaced atomically and only when their content changes; running the same',
    'export twice reports "nothing changed". An entry whose source PDF is gone or changed gets',
    'a `recto: <entry>: <reason>` line, keeps its earlier files, and makes the exit code 1.',
    '',
    'Example: recto export --db review.recto --gold gold/ --jsonl corpus.jsonl'
  ].join('\n'),
  run: runExport
}
