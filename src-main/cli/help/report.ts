import type { CommandHelp } from '../command.js'

export const reportHelp: CommandHelp = {
  usage: 'report --db <file> [--json]',
  help: [
    'Per reviewer, from the revisions they signed: pages revised, minutes at work (gaps between',
    'their revisions, breaks over 10 minutes left out), pages an hour, pages they approved as',
    'extracted or corrected, and of those the pages someone else revised after them (rework).',
    'Then the agreement of double-keyed pages: the CER of the second keying against the first,',
    'per pair of keyers and overall.',
    '',
    '  --db <file>   the project (or RECTO_DB)',
    '  --json        {reviewers: [...], agreement: {pairs, overall}}'
  ].join('\n')
}
