import { parseArgs } from 'node:util'
import { auditRecords, type AuditRecord } from '../../store/audit-log.js'
import { projectLocation } from '../../store/location.js'
import { UsageError, type Command } from '../command.js'
import { readProject } from '../open-project.js'

/** One record as a line of text: when, who, what, on what, and the rest of its detail. */
function line(record: AuditRecord): string {
  const on = [
    record.documentId === null ? '' : `document ${record.documentId}`,
    record.pageNo === null ? '' : `page ${record.pageNo}`
  ].filter(Boolean)
  const detail = Object.entries(record.detail).map(
    ([key, value]) => `${key}=${JSON.stringify(value)}`
  )
  return [record.at, record.actor, record.action, on.join(' '), detail.join(' ')].join('\t')
}

async function runAudit(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: { db: { type: 'string' }, json: { type: 'boolean' } },
    allowPositionals: false
  })
  const location = projectLocation(values.db)
  if (location === undefined) throw new UsageError('audit needs --db <file> (or RECTO_DB)')
  // Oldest first, as a log reads.
  const records = readProject(location, (db) => auditRecords(db).reverse())
  if (records === null) return 1
  if (values.json) {
    for (const record of records) process.stdout.write(`${JSON.stringify(record)}\n`)
  } else {
    for (const record of records) process.stdout.write(`${line(record)}\n`)
  }
  return 0
}

export const auditCommand: Command = {
  name: 'audit',
  usage: 'audit --db <file> [--json]',
  help: [
    'Prints the audit log, oldest first: one line a record, tab-separated (when, who, what,',
    'which document and page, the detail), or with --json one JSON object a line',
    '({id, at, actor, action, documentId, pageNo, detail}).',
    '',
    '  --db <file>   the project (or RECTO_DB)',
    '  --json        JSON lines, for another program'
  ].join('\n'),
  run: runAudit
}
