import type { CommandHelp } from '../command.js'
import { BACKEND_NAMES } from '../../ocr/backend-names.js'

export const planHelp: CommandHelp = {
  usage: 'plan <pdf or folder>... | --db <file> [--json] [--pricing <file>] [--calibrate]',
  help: [
    'Options:',
    '  --db <file>           plan a review project from what its ingest stored',
    '  --json                one JSON object instead of the table',
    '  --pricing <file>      vision-model pricing schemes (default: ~/.config/recto/pricing.json,',
    '                        or $RECTO_CONFIG_DIR/pricing.json); see the README for the format',
    '  --calibrate           measure OCR on this machine again (otherwise measured once, on the',
    '                        first page that needs OCR, and kept in ocr-throughput.json beside it)',
    `  --ocr-backend <name>  ${BACKEND_NAMES.join(' or ')} (default: tesseract where installed)`,
    '',
    'Decisions: ok, review, repair (text whose only fault is a font map Recto can repair from',
    'the glyphs) and ocr; without a project each file is checked as `recto check` does, and',
    "repair pages are among check's review and ocr pages. Vision costs are for the pages that",
    'are not ok, and for every page.',
    'Example: recto plan ~/papers --json'
  ].join('\n')
}
