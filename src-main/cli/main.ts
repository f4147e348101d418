import { describeLocation } from '../store/location.js'
import { isUsageError, type Command, type CommandHelp } from './command.js'

/**
 * A subcommand as `recto --help` lists it, how to load its help, and how to load it to run;
 * `readsPdfs` for one that opens PDFs with MuPDF in this thread whenever it runs.
 */
type Listed = Readonly<{
  name: string
  summary: string
  readsPdfs?: true
  help: () => Promise<CommandHelp>
  load: () => Promise<Command>
}>

/**
 * Every subcommand of `recto`, in the order `--help` lists them. Each module is loaded only when
 * its command runs: `recto --help` loads none, and `recto <name> --help` only its help's strings
 * (both answer in the time Node takes to start); `recto ingest` starts without MuPDF and the
 * exporters, which only its workers and the other commands need.
 */
export const COMMANDS: readonly Listed[] = [
  {
    name: 'ingest',
    summary: 'extract, analyse and store every page of PDFs in a project database',
    help: async () => (await import('./help/ingest.js')).ingestHelp,
    load: async () => (await import('./commands/ingest.js')).ingestCommand
  },
  {
    name: 'text',
    readsPdfs: true,
    summary: 'print the cleaned reading-order text, pages separated by form feeds',
    help: async () => (await import('./help/text.js')).textHelp,
    load: async () => (await import('./commands/text.js')).textCommand
  },
  {
    name: 'check',
    readsPdfs: true,
    summary: 'per-page flags, quality and decision (ok, review, ocr)',
    help: async () => (await import('./help/check.js')).checkHelp,
    load: async () => (await import('./commands/check.js')).checkCommand
  },
  {
    name: 'plan',
    readsPdfs: true,
    summary: 'what the cascade would do: pages per decision, OCR time, vision-model cost',
    help: async () => (await import('./help/plan.js')).planHelp,
    load: async () => (await import('./commands/plan.js')).planCommand
  },
  {
    name: 'vlm',
    summary: "send the project's pages OCR could not read to a vision-language model",
    help: async () => (await import('./help/vlm.js')).vlmHelp,
    load: async () => (await import('./commands/vlm.js')).vlmCommand
  },
  {
    name: 'repair',
    readsPdfs: true,
    summary: 'repair the maps of fonts without a usable /ToUnicode from OCR; print the text',
    help: async () => (await import('./help/repair.js')).repairHelp,
    load: async () => (await import('./commands/repair.js')).repairCommand
  },
  {
    name: 'export',
    summary: 'export reviewed pages as a gold set, the corpus as JSONL, RAG chunks or Markdown',
    help: async () => (await import('./help/export.js')).exportHelp,
    load: async () => (await import('./commands/export.js')).exportCommand
  },
  {
    name: 'score',
    readsPdfs: true,
    summary: 'CER/WER bake-off of extractors against a gold set',
    help: async () => (await import('./help/score.js')).scoreHelp,
    load: async () => (await import('./commands/score.js')).scoreCommand
  },
  {
    name: 'serve',
    summary: 'the review UI in a browser, on this machine only',
    help: async () => (await import('./help/serve.js')).serveHelp,
    load: async () => (await import('./commands/serve.js')).serveCommand
  },
  {
    name: 'users',
    summary: 'reviewer accounts of a shared project',
    help: async () => (await import('./help/users.js')).usersHelp,
    load: async () => (await import('./commands/users.js')).usersCommand
  },
  {
    name: 'audit',
    summary: "a shared project's audit log: logins, failed logins, admin actions",
    help: async () => (await import('./help/audit.js')).auditHelp,
    load: async () => (await import('./commands/audit.js')).auditCommand
  },
  {
    name: 'report',
    summary: 'figures per reviewer, and how double keyings agree',
    help: async () => (await import('./help/report.js')).reportHelp,
    load: async () => (await import('./commands/report.js')).reportCommand
  },
  {
    name: 'double-key',
    summary: 'make pages of a shared project need two independent keyings and an adjudication',
    help: async () => (await import('./help/double-key.js')).doubleKeyHelp,
    load: async () => (await import('./commands/double-key.js')).doubleKeyCommand
  },
  {
    name: 'migrate',
    summary: 'copy a whole project into an empty one (SQLite to PostgreSQL), verified',
    help: async () => (await import('./help/migrate.js')).migrateHelp,
    load: async () => (await import('./commands/migrate.js')).migrateCommand
  },
  {
    name: 'worker',
    summary: 'take ingest (and with --ocr, font repair and OCR) jobs from a PostgreSQL project',
    help: async () => (await import('./help/worker.js')).workerHelp,
    load: async () => (await import('./commands/worker.js')).workerCommand
  }
]

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length))
  return [
    'Usage: recto <command> [options]',
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `recto <command> --help` for its options, `recto --version` for the version.'
  ].join('\n')
}

/** Runs the CLI and returns the process exit code; never throws for bad input. */
export async function main(argv: readonly string[]): Promise<number> {
  hidePasswords(argv)
  const [name, ...rest] = argv
  if (name === undefined) {
    // Nothing asked: the usage goes where errors go, and a script that forgot its command fails.
    process.stderr.write(usage() + '\n')
    return 2
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n')
    return 0
  }
  if (name === '--version' || name === '-V') {
    const { packageVersion } = await import('../install/package-root.js')
    process.stdout.write(`recto ${packageVersion()}\n`)
    return 0
  }
  const listed = COMMANDS.find((c) => c.name === name)
  if (!listed) {
    process.stderr.write(`recto: unknown command '${name}'\n${usage()}\n`)
    return 2
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    const { usage, help } = await listed.help()
    process.stdout.write(`Usage: recto ${usage}\n\n${listed.summary}.\n\n${help}\n`)
    return 0
  }
  if (listed.readsPdfs) {
    // MuPDF's WASM is read and compiled on other threads while this one loads the command. A
    // failure is reported where the command imports MuPDF, which awaits the same compilation.
    const { compileMupdf } = await import('../extract/wasm-module.js')
    compileMupdf().catch(() => undefined)
  }
  const command = await listed.load()
  try {
    return await command.run(rest)
  } catch (error) {
    if (!isUsageError(error)) throw error
    process.stderr.write(`recto: ${error.message}\n`)
    return 2
  }
}

/**
 * `ps` shows every user a process's command line, a `--db postgres://user:secret@…` included.
 * Node's process title is written over the arguments' memory (on Linux, /proc/PID/cmdline), so a
 * title with the passwords masked hides them from the moment the CLI starts; PGPASSWORD or
 * ~/.pgpass keep them off the command line altogether (docs/team.md).
 */
function hidePasswords(argv: readonly string[]): void {
  const shown = argv.map((arg) =>
    arg.startsWith('--db=') ? `--db=${describeLocation(arg.slice(5))}` : describeLocation(arg)
  )
  if (shown.every((arg, i) => arg === argv[i])) return
  process.title = ['recto', ...shown].join(' ')
}
