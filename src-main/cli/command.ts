/** One `recto` subcommand; each lives in its own module under cli/commands/. */
export type Command = Readonly<{
  name: string
  usage: string
  summary: string
  /** Options and examples, printed by `recto <name> --help`. */
  help: string
  run(args: readonly string[]): Promise<number>
}>

/** A one-line error for the user, printed as `recto: <message>`; exit code 2 means bad usage. */
export class UsageError extends Error {}
