import { inject } from 'vitest'
import type { WritableDB } from '../../src-main/store/db.js'
import { migrate } from '../../src-main/store/migrate.js'
import { PgDatabase } from '../../src-main/store/postgres/pg-database.js'

let admin: PgDatabase | undefined
let made = 0
/** A database at the newest schema, made once a process, that fresh projects are copied from. */
let newest: string | undefined
/** The projects postgresDb() opened, each a connection and a thread, until the file ends. */
const opened: WritableDB[] = []

function databaseUrl(name: string): string {
  return inject('postgresUrl').replace('{db}', name)
}

function createDatabase(template?: string): string {
  admin ??= new PgDatabase(databaseUrl('postgres'))
  const name = `t_${process.pid}_${++made}`
  admin.exec(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  return name
}

/** The URL of a new, empty database in the test cluster. */
export function newPostgresDatabase(): string {
  return databaseUrl(createDatabase())
}

function migrated(name: string, version?: number): WritableDB {
  const db = new PgDatabase(databaseUrl(name)).asDatabase() as WritableDB
  opened.push(db)
  migrate(db, undefined, version)
  return db
}

/**
 * A fresh PostgreSQL project at schema `version` (the newest by default). At the newest it is a
 * copy of one migrated database: migrating takes longer than the copy, and most tests of the
 * store contract suite start on a project of their own.
 */
export function postgresDb(version?: number): WritableDB {
  if (version !== undefined) return migrated(createDatabase(), version)
  if (newest === undefined) {
    const name = createDatabase()
    // PostgreSQL copies a database only while no one is connected to it.
    migrated(name).close()
    newest = name
  }
  return migrated(createDatabase(newest))
}

/** Closes every project postgresDb() opened (closing one a test closed already does nothing). */
export function closePostgresProjects(): void {
  for (const db of opened.splice(0)) db.close()
}
