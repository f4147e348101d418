import type { CommandHelp } from '../command.js'

export const doubleKeyHelp: CommandHelp = {
  usage: 'double-key --db <file> (--sample <n> [--seed <s>] | --document <name> [--pages <list>])',
  help: [
    'Double-keyed gold: each page marked here is keyed by two reviewers who never see each',
    "other's text (recto serve, accounts from recto users); an admin then compares the two",
    'keyings (their CER and differences), settles the text and approves it. Until then the',
    'page is not exported as gold. Only unreviewed pages are marked.',
    '',
    '  --sample <n>       n unreviewed pages drawn at random across the project',
    '  --seed <s>         the draw: the same seed draws the same pages (default recto)',
    '  --document <name>  the pages of the document with this file name',
    '  --pages <list>     only these pages of it, e.g. 1-3,7',
    '  --db <file>        the project (or RECTO_DB)',
    '',
    'Example: recto double-key --sample 200 --seed gold-2026 --db review.sqlite'
  ].join('\n')
}
