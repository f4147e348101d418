/**
 * One `recto` subcommand; each lives in its own module under cli/commands/. Its one-line summary
 * is in main.ts's list and its help in cli/help/, so that no `--help` loads a command.
 */
export type Command = Readonly<{
  name: string
  run(args: readonly string[]): Promise<number>
}>

/**
 * What `recto <name> --help` prints, in a module of its own under cli/help/ that imports no more
 * than strings: the help answers at once, without MuPDF, SQLite or the OCR engines its command
 * loads.
 */
export type CommandHelp = Readonly<{
  usage: string
  /** Options and examples. */
  help: string
}>

/** A one-line error for the user, printed as `recto: <message>`; exit code 2 means bad usage. */
export class UsageError extends Error {}

/** A usage error: ours, or one of node:util parseArgs's (an unknown or malformed option). */
export function isUsageError(error: unknown): error is Error {
  if (error instanceof UsageError) return true
  const code = (error as { code?: unknown } | null)?.code
  return error instanceof TypeError && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')
}
