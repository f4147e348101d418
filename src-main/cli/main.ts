import { isUsageError, type Command } from './command.js'
import { checkCommand } from './commands/check.js'
import { exportCommand } from './commands/export.js'
import { ingestCommand } from './commands/ingest.js'
import { repairCommand } from './commands/repair.js'
import { scoreCommand } from './commands/score.js'
import { serveCommand } from './commands/serve.js'
import { textCommand } from './commands/text.js'

/** Every subcommand of `recto`, in the order `--help` lists them. */
const COMMANDS: readonly Command[] = [
  ingestCommand,
  textCommand,
  checkCommand,
  repairCommand,
  exportCommand,
  scoreCommand,
  serveCommand
]

function usage(): string {
  const lines = COMMANDS.flatMap((c) => [`  recto ${c.usage}`, `      ${c.summary}`])
  return ['Usage:', ...lines, '', 'Run `recto <command> --help` for its options.'].join('\n')
}

/** Runs the CLI and returns the process exit code; never throws for bad input. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n')
    return 0
  }
  const command = COMMANDS.find((c) => c.name === name)
  if (!command) {
    process.stderr.write(`recto: unknown command '${name}'\n${usage()}\n`)
    return 2
  }
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
