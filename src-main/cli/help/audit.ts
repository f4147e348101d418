import type { CommandHelp } from '../command.js'

export const auditHelp: CommandHelp = {
  usage: 'audit --db <file> [--json]',
  help: [
    'Prints the audit log, oldest first: one line a record, tab-separated (when, who, what,',
    'which document and page, the detail), or with --json one JSON object a line',
    '({id, at, actor, action, documentId, pageNo, detail}).',
    '',
    '  --db <file>   the project (or RECTO_DB)',
    '  --json        JSON lines, for another program'
  ].join('\n')
}
