/** A project in PostgreSQL is named by its connection URL; anything else is a SQLite file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location)
}

/** Where the project is: `--db` as given, or else RECTO_DB. */
export function projectLocation(
  option: string | undefined,
  env: NodeJS.ProcessEnv = process.env
): string | undefined {
  return option || env['RECTO_DB'] || undefined
}

/** The location as printed in messages: a URL without its password. */
export function describeLocation(location: string): string {
  if (!isPostgresUrl(location)) return location
  // user:password@ before the host (which may be empty, for a Unix socket given as ?host=).
  return location.replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@/]*@/i, '$1***@')
}
