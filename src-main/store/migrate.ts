import type { ReadableDB, WritableDB } from './db.js'
import { MIGRATIONS, type Migration } from './migrations/index.js'

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
  const current = schemaVersion(db)
  if (current > latest) {
    throw new DbFromFutureError(
      `database schema version ${current} is newer than this Recto supports (${latest}); ` +
        'use a newer Recto'
    )
  }
  const pending = migrations.filter((m) => m.version > current && m.version <= target)
  if (pending.length === 0) return
  db.transaction(() => {
    for (const m of pending) m.up(db)
    db.pragma(`user_version = ${pending.at(-1)!.version}`)
  })()
  db.pragma('optimize')
}
