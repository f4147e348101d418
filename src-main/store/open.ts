import Database from 'better-sqlite3'
import type { ReadableDB, WritableDB } from './db.js'
import { DbFromFutureError, migrate, schemaVersion } from './migrate.js'
import { MIGRATIONS } from './migrations/index.js'

/**
 * Opens (creating if needed) a review project and brings its schema up to date. WAL lets the UI
 * read while an ingest writes; synchronous=NORMAL keeps every committed page across a crash of
 * the process (kill -9), which is what resuming relies on.
 */
export function openDatabase(file: string): WritableDB {
  const db = new Database(file) as WritableDB
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    migrate(db)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/** Opens an existing project for reading only (export, scoring, a second viewer). */
export function openDatabaseReadOnly(file: string): ReadableDB {
  const db = new Database(file, { readonly: true, fileMustExist: true }) as ReadableDB
  db.pragma('busy_timeout = 5000')
  const version = schemaVersion(db)
  const latest = MIGRATIONS.at(-1)?.version ?? 0
  if (version !== latest) {
    db.close()
    if (version > latest) {
      throw new DbFromFutureError(
        `database schema version ${version} is newer than this Recto supports (${latest})`
      )
    }
    throw new Error(
      `database schema version ${version} is older than ${latest}: open it for writing once to upgrade`
    )
  }
  return db
}
