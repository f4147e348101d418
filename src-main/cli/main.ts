import { isUsageError, type Command } from './command.js'

/**
 * Every subcommand of `recto`, in the order `--help` lists them. Each is loaded only when it
 * runs: `recto ingest` then starts without MuPDF and the exporters, which only its workers and
 * the other commands need (a fifth of a second of CPU and 45 MB at every start).
 */
const COMMANDS: readonly (readonly [string, () => Promise<Command>])[] = [
  ['ingest', async () => (await import('./commands/ingest.js')).ingestCommand],
  ['text', async () => (await import('./commands/text.js')).textCommand],
  ['check', async () => (await import('./commands/check.js')).checkCommand],
  ['plan', async () => (await import('./commands/plan.js')).planCommand],
  ['repair', async () => (await import('./commands/repair.js')).repairCommand],
  ['vlm', async () => (await import('./commands/vlm.js')).vlmCommand],
  ['export', async () => (await import('./commands/export.js')).exportCommand],
  ['score', async () => (await import('./commands/score.js')).scoreCommand],
  ['serve', async () => (await import('./commands/serve.js')).serveCommand],
  ['users', async () => (await import('./commands/users.js')).usersCommand],
  ['double-key', async () => (await import('./commands/double-key.js')).doubleKeyCommand],
  ['migrate', async () => (await import('./commands/migrate.js')).migrateCommand],
  ['worker', async () => (await import('./commands/worker.js')).workerCommand]
]

async function usage(): Promise<string> {
  const commands = await Promise.all(COMMANDS.map(([, load]) => load()))
  const lines = commands.flatMap((c) => [`  recto ${c.usage}`, `      ${c.summary}`])
  return [
    'Usage:',
    ...lines,
    '',
    'Run `recto <command> --help` for its options, `recto --version` for the version.'
  ].join('\n')
}

/** Runs the CLI and returns the process exit code; never throws for bad input. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv
  if (name === undefined) {
    // Nothing asked: the usage goes where errors go, and a script that forgot its command fails.
    process.stderr.write((await usage()) + '\n')
    return 2
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write((await usage()) + '\n')
    return 0
  }
  if (name === '--version' || name === '-V') {
    const { rectoVersion } = await import('../export/recto-version.js')
    process.stdout.write(`recto ${rectoVersion()}\n`)
    return 0
  }
  const load = COMMANDS.find(([commandName]) => commandName === name)?.[1]
  if (!load) {
    process.stderr.write(`recto: unknown command '${name}'\n${await usage()}\n`)
    return 2
  }
  const command = await load()
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`Usage: recto ${command.usage}\n\n${command.help}\n`)
    return 0
  }
  try {
    return await command.run(rest)
  } catch (error) {
    if (!isUsageError(error)) throw error
    process.stderr.write(`recto: ${error.message}\n`)
    return 2
  }
}
