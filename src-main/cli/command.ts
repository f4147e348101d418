/**
 * One `recto` subcommand; each lives in its own module under cli/commands/. Its one-line summary
 * is in main.ts's list, so that `recto --help` loads no command.
 */
export type Command = Readonly<{
  name: string
  usage: string
  /** Options and examples, printed by `recto <name> --help`. */
  help: string
  run(args: readonly string[]): Promise<number>
}>

/** A one-line error for the user, printed as `recto: <message>`; exit code 2 means bad usage. */
export class UsageError extends Error {}

/** A usage error: ours, or one of node:util parseArgs's (an unknown or malformed option). */
export function isUsageError(error: unknown): error is Error {
  if (error instanceof UsageError) return true
  const code = (error as { code?: unknown } | null)?.code
  return error instanceof TypeError && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')
}
