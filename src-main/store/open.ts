import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'
import type { ReadableDB, WritableDB } from './db.js'
import { DbFromFutureError, migrate, schemaVersion } from './migrate.js'
import { isPostgresUrl } from './location.js'
import { MIGRATIONS } from './migrations/index.js'
import { PgDatabase } from './postgres/pg-database.js'

/**
 * Opens (creating if needed) a review project and brings its schema up to date: a SQLite file, or
 * a PostgreSQL database named by its URL (the database itself must exist). WAL lets the UI
 * read while an ingest writes; synchronous=NORMAL keeps every committed page across a crash of
 * the process (kill -9), which is what resuming relies on.
 */
export function openDatabase(file: string): WritableDB {
  const db = (
    isPostgresUrl(file) ? new PgDatabase(file).asDatabase() : new Database(file)
  ) as WritableDB
  try {
    // First: two processes creating the same file wait for each other from the first statement.
    db.pragma('busy_timeout = 5000')
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    migrate(db)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/**
 * SQLite reads `file:` URIs only when better-sqlite3's addon is loaded with this set, and the
 * read-only open below needs one. Every other open passes a plain path, read as a path either way.
 */
process.env['SQLITE_USE_URI'] ??= '1'

/** SQLite's refusal to read a WAL database whose folder it may not write its -shm file in. */
function isReadOnlyFolder(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_READONLY_DIRECTORY'
}

function openReadOnly(name: string): ReadableDB {
  const db = new Database(name, { readonly: true, fileMustExist: true }) as ReadableDB
  try {
    db.pragma('busy_timeout = 5000')
    // A query, so that a database SQLite cannot read fails here and not in the caller's first.
    schemaVersion(db)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

function openPostgresReadOnly(url: string): ReadableDB {
  const db = new PgDatabase(url, { readonly: true }).asDatabase() as ReadableDB
  try {
    schemaVersion(db)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/**
 * Opens an existing project for reading only (export, scoring, a second viewer). A project in a
 * folder the user may not write (a read-only share, a copy made read-only) is opened immutable:
 * SQLite cannot create the -shm file a WAL database is read through, and no writer can be at work
 * there without creating its -wal file, which SQLite would then have found beside it.
 */
export function openDatabaseReadOnly(file: string): ReadableDB {
  let db: ReadableDB
  try {
    db = isPostgresUrl(file) ? openPostgresReadOnly(file) : openReadOnly(file)
  } catch (error) {
    if (!isReadOnlyFolder(error)) throw error
    const uri = pathToFileURL(resolve(file))
    uri.searchParams.set('immutable', '1')
    db = openReadOnly(uri.href)
  }
  const version = schemaVersion(db)
  const latest = MIGRATIONS.at(-1)?.version ?? 0
  if (version !== latest) {
    db.close()
    if (version > latest) {
      throw new DbFromFutureError(
        `database schema version ${version} is newer than this Recto supports (${latest})`
      )
    }
    // Version 0 is no project at all: an empty file, or another program's SQLite file.
    if (version === 0) throw new Error('not a Recto project')
    throw new Error(
      `database schema version ${version} is older than ${latest}: open it for writing once to upgrade`
    )
  }
  return db
}
