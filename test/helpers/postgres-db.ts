import { inject } from 'vitest'
import type { WritableDB } from '../../src-main/store/db.js'
import { migrate } from '../../src-main/store/migrate.js'
import { PgDatabase } from '../../src-main/store/postgres/pg-database.js'

let admin: PgDatabase | undefined
let made = 0

/** The URL of a new, empty database in the test cluster. */
export function newPostgresDatabase(): string {
  const template = inject('postgresUrl')
  admin ??= new PgDatabase(template.replace('{db}', 'postgres'))
  const name = `t_${process.pid}_${++made}`
  admin.exec(`CREATE DATABASE ${name}`)
  return template.replace('{db}', name)
}

/** A fresh PostgreSQL project at schema `version` (the newest by default). */
export function postgresDb(version?: number): WritableDB {
  const db = new PgDatabase(newPostgresDatabase()).asDatabase() as WritableDB
  migrate(db, undefined, version)
  return db
}
