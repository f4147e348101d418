import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import type { WritableDB } from '../../src-main/store/db.js'
import { DbFromFutureError, migrate, schemaVersion } from '../../src-main/store/migrate.js'
import { MIGRATIONS, type Migration } from '../../src-main/store/migrations/index.js'
import { openDatabase, openDatabaseReadOnly } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'

function rawDb(): WritableDB {
  return new Database(':memory:') as WritableDB
}

function tables(db: WritableDB): string[] {
  return db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
    .pluck()
    .all() as string[]
}

describe('migrate', () => {
  const dirs: { remove: () => void }[] = []
  afterEach(() => dirs.splice(0).forEach((d) => d.remove()))

  it('brings an empty database to the newest version', () => {
    const db = rawDb()
    migrate(db)
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version)
    expect(tables(db)).toEqual(
      expect.arrayContaining(['documents', 'document_paths', 'pages', 'flags', 'revisions'])
    )
  })

  it('refuses a database written by a newer Recto and leaves it untouched', () => {
    const { dir, remove } = tempDir()
    dirs.push({ remove })
    const file = `${dir}/future.sqlite`
    const future = new Database(file)
    future.exec('CREATE TABLE later (x INTEGER)')
    future.pragma('user_version = 990')
    future.close()

    expect(() => openDatabase(file)).toThrow(DbFromFutureError)
    expect(() => openDatabase(file)).toThrow(/schema version 990 is newer than this Recto/)
    expect(() => openDatabaseReadOnly(file)).toThrow(DbFromFutureError)
    const after = new Database(file)
    expect(after.pragma('user_version', { simple: true })).toBe(990)
    expect(after.prepare(`SELECT count(*) FROM sqlite_master`).pluck().get()).toBe(1)
    after.close()
  })

  it('runs all pending migrations in one transaction: a failure leaves nothing behind', () => {
    const db = rawDb()
    const failing: Migration[] = [
      { version: 10, up: (d) => d.exec('CREATE TABLE a (x INTEGER)') },
      {
        version: 20,
        up: () => {
          throw new Error('broken migration')
        }
      }
    ]
    expect(() => migrate(db, failing)).toThrow('broken migration')
    expect(schemaVersion(db)).toBe(0)
    expect(tables(db)).toEqual([])
  })

  it('runs only the migrations above the current version, up to the target', () => {
    const db = rawDb()
    const ran: number[] = []
    const steps: Migration[] = [10, 20, 30].map((version) => ({
      version,
      up: () => ran.push(version)
    }))
    migrate(db, steps, 20)
    expect(ran).toEqual([10, 20])
    expect(schemaVersion(db)).toBe(20)
    migrate(db, steps)
    expect(ran).toEqual([10, 20, 30])
    migrate(db, steps)
    expect(ran).toEqual([10, 20, 30])
  })

  it('rejects a registry whose versions do not increase', () => {
    const steps: Migration[] = [
      { version: 20, up: () => undefined },
      { version: 10, up: () => undefined }
    ]
    expect(() => migrate(rawDb(), steps)).toThrow('not increasing: 20 then 10')
  })

  it('keeps the registry increasing in steps the team can slot hotfixes between', () => {
    const versions = MIGRATIONS.map((m) => m.version)
    expect(versions).toEqual([...versions].sort((a, b) => a - b))
    expect(new Set(versions).size).toBe(versions.length)
  })

  it('opens a file in WAL mode with foreign keys on', () => {
    const { dir, remove } = tempDir()
    dirs.push({ remove })
    const db = openDatabase(`${dir}/p.sqlite`)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    db.close()
    const again = openDatabase(`${dir}/p.sqlite`)
    expect(schemaVersion(again)).toBe(MIGRATIONS.at(-1)!.version)
    again.close()
  })
})
