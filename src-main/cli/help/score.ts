import type { CommandHelp } from '../command.js'
import { MUPDF_RAW, RECTO } from '../../score/candidate-names.js'

export const scoreHelp: CommandHelp = {
  usage: 'score --gold <dir> [--db <file>] [--candidate NAME=DIR]... [--json]',
  help: [
    'Scores every <name>.pdf + <name>.txt pair of the gold folder (exported by Recto or written',
    'by hand; a multi-page PDF is one document, its pages joined by form feeds):',
    `  ${RECTO}        Recto's automatic text (from --db when it holds the pages, else extracted now)`,
    `  ${MUPDF_RAW}    MuPDF's text in drawing order`,
    '  NAME          each --candidate NAME=DIR folder of <name>.txt files from another tool',
    '',
    'Texts are lower-cased, whitespace runs collapsed and ends stripped before comparing.',
    'CER = character edit distance / gold length; WER the same over words.',
    '',
    'Options:',
    '  --gold <dir>              the gold folder (required)',
    '  --db <file>               the review project the gold set came from',
    "  --candidate NAME=DIR      another extractor's output, repeatable",
    '  --json                    one JSON object instead of Markdown tables'
  ].join('\n')
}
