import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { WritableDB } from '../../src-main/store/db.js'
import { migrate } from '../../src-main/store/migrate.js'
import { postgresDb } from './postgres-db.js'

/**
 * An in-memory database at schema `version` (the newest by default), foreign keys on; in the
 * store contract suite's PostgreSQL run (vite.config.ts), a fresh database in the test cluster.
 */
export function memoryDb(version?: number): WritableDB {
  if (process.env['RECTO_TEST_ENGINE'] === 'postgres') return postgresDb(version)
  const db = new Database(':memory:') as WritableDB
  db.pragma('foreign_keys = ON')
  migrate(db, undefined, version)
  return db
}

/** A fresh directory for project files; `remove()` deletes it. */
export function tempDir(prefix = 'recto-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
