import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { WritableDB } from '../../src-main/store/db.js'
import { migrate } from '../../src-main/store/migrate.js'

/** An in-memory database at schema `version` (the newest by default), foreign keys on. */
export function memoryDb(version?: number): WritableDB {
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
