import type { CommandHelp } from '../command.js'
import { OCR_HELP } from '../ocr-options.js'

export const ingestHelp: CommandHelp = {
  usage: 'ingest <pdf or folder>... --db <file> [--workers N] [--password <pw>] [--ocr] [--queue]',
  help: [
    'Options:',
    '  --db <file>           the project database (created if missing), or a postgres:// URL;',
    '                        RECTO_DB when not given',
    '  --workers <n>         extraction threads (default: one per core)',
    '  --time-limit <s>      give up on a document after this many seconds (default 600),',
    '                        or when one of its pages takes more than 60 s',
    '  --memory-limit <mb>   give up on a document whose MuPDF heap passes this (default 1024)',
    '  --retry-errors        try again the files an earlier run could not ingest',
    '  --queue               (PostgreSQL) store the files in the project and queue them for',
    '                        `recto worker`s on any machine, then return; with --ocr, the',
    '                        workers go on with font repair and OCR',
    '  --password <pw>       the password of encrypted PDFs among the files (tried on each one',
    '                        the empty password does not open; never stored in the project)',
    ...OCR_HELP,
    "                        (with --ocr, every such page of the project not yet OCR'd)",
    '',
    'Folders are searched for *.pdf. Files are identified by content (SHA-256): ingesting the',
    'same bytes again does nothing, and an interrupted ingest resumes where it stopped.',
    'A file that cannot be ingested is reported as `recto: <file>: <reason>`, recorded with',
    'status error, and the run goes on. The exit code is 0 when the run finished with at least',
    'one file in the project (the summary counts the failures), 1 when every file failed (now,',
    'or in an earlier run: --retry-errors tries those again) or none of the inputs exists (then',
    'no project is created), or when the project cannot be written (a read-only folder).',
    '--workers above the number of cores is lowered to it, with a line saying so.',
    'Ctrl-C stops cleanly (exit 130) keeping every page done; the same command resumes.',
    'Example: recto ingest ~/papers --db papers.sqlite'
  ].join('\n')
}
