import type { CommandHelp } from '../command.js'
import { OCR_HELP } from '../ocr-options.js'
import { PASSWORD_HELP } from './password.js'
import { VLM_HELP } from '../vlm-options.js'

export const checkHelp: CommandHelp = {
  usage: 'check <pdf> [--pages 1-3] [--json] [--password <pw>] [--ocr] [--vlm]',
  help: [
    'Options:',
    '  --json                one JSON array, an element per page: {page, decision, quality, flags}',
    '  --pages <list>        only these pages, e.g. 1-3 or 2,5-7 (1-based)',
    PASSWORD_HELP,
    ...OCR_HELP,
    ...VLM_HELP,
    '',
    'Without --json: a table, with the message of every flag that asks for review or OCR.',
    'Example: recto check scan.pdf --json | jq ".[] | select(.decision != \\"ok\\")"'
  ].join('\n')
}
