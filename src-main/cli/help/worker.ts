import type { CommandHelp } from '../command.js'

export const workerHelp: CommandHelp = {
  usage: 'worker --db <postgres://…> [--workers N] [--ocr]',
  help: [
    'Options:',
    '  --db <url>            the project, a postgres:// URL (RECTO_DB when not given)',
    '  --workers <n>         documents at a time (default: one per core)',
    '  --ocr                 also take the font repair and OCR jobs (files queued with --ocr)',
    '  --ocr-backend <name>  the OCR program of this machine (default: tesseract where installed)',
    '  --ocr-lang <codes>    the languages to read in, over those the files were queued with',
    '',
    'Files are queued with `recto ingest --queue --db <url> <pdf or folder>...`, which stores',
    'their bytes in the project: a worker needs no shared folder, only the database. Start one',
    'worker on each machine; each takes the next waiting job. Ctrl-C or SIGTERM stops it, handing',
    'its jobs under way back to the queue with every page done kept; a worker killed outright',
    'loses nothing either: its jobs return to the queue when their lease lapses (35 s without',
    'its heartbeat). A database restart is waited out: the worker goes on once it answers.',
    'Example: recto worker --db postgres://recto@db.lab/papers --ocr'
  ].join('\n')
}
