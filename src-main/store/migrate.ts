import type { ReadableDB, WritableDB } from './db.js'
import { MIGRATIONS, type Migration } from './migrations/index.js'
import { SCHEMA_LOCK } from './postgres/compat.js'
import { PgDatabase } from './postgres/pg-database.js'

/** The file was written by a newer Recto; opening it with this one could corrupt it. */
export class DbFromFutureError extends Error {
  override name = 'DbFromFutureError'
}

export function schemaVersion(db: ReadableDB): number {
  return db.pragma('user_version', { simple: true }) as number
}

/**
 * Brings the schema up to `target` (the newest by default). All pending migrations run in one
 * transaction: a crash or a failing migration leaves the file exactly as it was.
 */
export function migrate(
  db: WritableDB,
  migrations: readonly Migration[] = MIGRATIONS,
  target: number = migrations.at(-1)?.version ?? 0
): void {
  for (let i = 1; i < migrations.length; i++) {
    const prev = migrations[i - 1]!.version
    const next = migrations[i]!.version
    if (prev >= next) throw new Error(`migration versions are not increasing: ${prev} then ${next}`)
  }
  const latest = migrations.at(-1)?.version ?? 0
  const pendingAt = (current: number): Migration[] => {
    if (current > latest) {
      throw new DbFromFutureError(
        `database schema version ${current} is newer than this Recto supports (${latest}); ` +
          'use a newer Recto'
      )
    }
    return migrations.filter((m) => m.version > current && m.version <= target)
  }
  if (pendingAt(schemaVersion(db)).length === 0) return
  // Processes that open a new project at the same moment (workers started together) take turns:
  // the first migrates, the others then find the schema current. The version is read again
  // under the lock for that reason.
  const ran = underSchemaLock(db, () =>
    db
      .transaction(() => {
        const pending = pendingAt(schemaVersion(db))
        for (const m of pending) m.up(db)
        if (pending.length > 0) db.pragma(`user_version = ${pending.at(-1)!.version}`)
        return pending.length
      })
      .immediate()
  )
  if (ran > 0) db.pragma('optimize')
}

/**
 * SQLite's IMMEDIATE transaction holds the file's write lock from its start; PostgreSQL's
 * transactions lock nothing until they write, so an advisory lock (the one its compatibility
 * functions are created under) stands for it there. It is taken before the transaction begins:
 * a transaction that waited for it inside would still look the tables up in the catalog as it
 * was when it began, and create them a second time.
 */
function underSchemaLock<T>(db: WritableDB, fn: () => T): T {
  if (!((db as unknown) instanceof PgDatabase)) return fn()
  db.prepare(`SELECT pg_advisory_lock(${SCHEMA_LOCK})`).get()
  try {
    return fn()
  } finally {
    db.prepare(`SELECT pg_advisory_unlock(${SCHEMA_LOCK})`).get()
  }
}
