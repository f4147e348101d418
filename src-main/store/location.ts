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
  try {
    const url = new URL(location)
    if (url.password) url.password = '***'
    return url.href
  } catch {
    return 'the PostgreSQL URL given'
  }
}
