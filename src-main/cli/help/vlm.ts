import type { CommandHelp } from '../command.js'
import { VLM_HELP } from '../vlm-options.js'

export const vlmHelp: CommandHelp = {
  usage:
    'vlm --db <file> [--document <name>] [--vlm-max-pages <n>] [--vlm-max-cost <x>] [--pricing <file>]',
  help: [
    "The cascade's last machine rung, over a project's stored pages: each page OCR read",
    'nothing usable of, read under vlm.minOcrConfidence, or could not read at all (no model for',
    "its language) is sent as an image to the model of the pricing file's vlm section, and its",
    'reading is stored as soon as it comes (flag vlm_text: a reviewer checks it unless the',
    'config says vlm.trusted). What each page cost is stored too; `recto plan --db` shows it',
    'beside the estimate. Pages a person has revised are left alone.',
    '',
    'Options:',
    '  --db <file>           the project (or RECTO_DB)',
    "  --document <name>     only this document's pages",
    ...VLM_HELP.slice(2),
    '',
    'Exit 1 when a page failed (each named on stderr with the reason; it keeps what it had).',
    'Example: RECTO_VLM_KEY=… recto vlm --db review.sqlite --vlm-max-cost 5'
  ].join('\n')
}
