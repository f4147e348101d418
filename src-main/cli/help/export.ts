import type { CommandHelp } from '../command.js'
import { CHUNK_SIZE_HELP } from './chunk-size.js'
import { DEFAULT_GOLD_STATUSES } from '../../export/gold-statuses.js'

export const exportHelp: CommandHelp = {
  usage:
    'export --db <file> [--gold <dir>] [--jsonl <file>] [--chunks <file>] [--markdown <dir>] [--page-xml <dir>] [--pictures <dir>]\n' +
    '  recto export --chunks <file> <pdf or folder>... [--workers N] [--ocr] [--max-tokens N] [--pictures <dir>]',
  help: [
    'Options:',
    '  --db <file>         the review project (required)',
    '  --gold <dir>        gold set: <doc>-p<NNN>.pdf + .txt per reviewed page, manifest.jsonl',
    '  --per-document      one gold entry per document (its reviewed pages) instead of per page',
    `  --status <list>     page statuses that become gold (default ${DEFAULT_GOLD_STATUSES.join(',')})`,
    '  --jsonl <file>      every page as one JSON line: text, blocks (bbox, role), flags, status;',
    '                      - writes them to standard output (the summaries then go to stderr)',
    '  --chunks <file>     RAG chunks as JSON lines: cut at headings and at a size target, with',
    '                      heading path, a box per page, decisions, flags and review state',
    ...CHUNK_SIZE_HELP,
    '  --ocr               with PDFs instead of --db: the cascade (font repair, OCR) before the',
    '                      chunks, so that scans give text; --ocr-backend, --ocr-lang as ingest',
    '  --workers <n>       with PDFs instead of --db: extraction threads (default one per core)',
    '  --markdown <dir>    one Markdown file per document: headings, tables, pages in order',
    '  --page-xml <dir>    PAGE-XML 2019 + 150 dpi PNG per page, reading order as reviewed',
    "  --pictures <dir>    each picture of a page (the JSONL's `pictures`) cut out at 150 dpi:",
    '                      <doc>-p<NNN>-picture<K>.png; also with PDFs instead of --db',
    '  --password <pw>     the password of encrypted source PDFs, which --page-xml renders',
    '  --normalize nfkc    Unicode NFKC on the JSONL and Markdown text ("²" → "2"); the gold set',
    '                      stays as drawn, as a transcription must',
    '',
    'Corrections (order, exclusions, edited text) are used wherever a page has a revision.',
    'Files are replaced atomically and only when their content changes; running the same',
    'export twice reports "nothing changed". An entry whose source PDF is gone or changed gets',
    'a `recto: <entry>: <reason>` line, keeps its earlier files, and makes the exit code 1.',
    'Every target is checked before any work: a folder that is a file, a JSONL path that is a',
    'folder, or one Recto may not write is a `recto: <path>: <reason>` line, exit 1, nothing',
    'written. The project is opened read-only: a database you may only read exports as well.',
    '',
    'Example: recto export --db review.recto --gold gold/ --jsonl corpus.jsonl'
  ].join('\n')
}
