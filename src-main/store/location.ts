import { basename, dirname, extname, join, resolve } from 'node:path'

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
  // user:password@ before the host (which may be empty, for a Unix socket given as ?host=), and
  // libpq's password= parameter.
  return location
    .replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@/]*@/i, '$1***@')
    .replace(/([?&]password=)[^&#]*/gi, '$1***')
}

/**
 * The project's name: a SQLite file's name without its extension, a PostgreSQL project's
 * database name (PGDATABASE or the user's name where the URL gives none, as libpq does). Never
 * the URL: it may carry a password, and what is named after the project reaches every reviewer.
 */
export function projectName(location: string, env: NodeJS.ProcessEnv = process.env): string {
  if (!isPostgresUrl(location)) return basename(location, extname(location))
  const url = parsedUrl(location)
  const database =
    decodeURIComponent(url.pathname.slice(1)) ||
    url.searchParams.get('dbname') ||
    env['PGDATABASE'] ||
    decodeURIComponent(url.username) ||
    env['PGUSER'] ||
    'recto'
  // A database name may hold any character; a folder named after it holds none that a path reads.
  return database.replace(/[^\p{L}\p{N}._-]/gu, '_').replace(/^\.+/, '_')
}

/** libpq reads `postgres://user:pw@/db?host=/socket`, which WHATWG's URL refuses without a host. */
function parsedUrl(location: string): URL {
  try {
    return new URL(location)
  } catch {
    return new URL(location.replace('@/', '@socket/'))
  }
}

/**
 * The path that exports and other files of the project are named from: beside a SQLite file and
 * named after it (two projects in one folder never share one), or in the working folder under a
 * PostgreSQL project's database name.
 */
export function projectStem(location: string, cwd: string = process.cwd()): string {
  if (!isPostgresUrl(location)) {
    const file = resolve(cwd, location)
    return join(dirname(file), basename(file, extname(file)))
  }
  return join(cwd, projectName(location))
}
