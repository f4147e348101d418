import type { CommandHelp } from '../command.js'
import { NORMALIZE_HELP } from '../normalize-option.js'
import { OCR_HELP } from '../ocr-options.js'
import { PASSWORD_HELP } from './password.js'
import { VLM_HELP } from '../vlm-options.js'

export const textHelp: CommandHelp = {
  usage: 'text <pdf> [--pages 1-3] [--raw] [--normalize nfkc] [--password <pw>] [--ocr] [--vlm]',
  help: [
    'Options:',
    '  --pages <list>   only these pages, e.g. 1-3 or 2,5-7 (1-based)',
    "  --raw            MuPDF's text in drawing order, before reading order and clean-up",
    PASSWORD_HELP,
    NORMALIZE_HELP,
    ...OCR_HELP,
    ...VLM_HELP,
    '',
    'Pages are separated by a form feed (\\f); the output is the same on every run.',
    'Pages whose text cannot be trusted (no text layer, unmapped glyphs) are named on stderr in',
    'one line with the reason, with those that need --ocr or review; the exit code stays 0.',
    'A page MuPDF cannot read prints empty, with a line on stderr saying why; the exit',
    'code is still 0. A file none of whose pages can be read exits 1.',
    'Example: recto text report.pdf --pages 1-2 > report.txt'
  ].join('\n')
}
