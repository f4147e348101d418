import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { memoryDb } from '../helpers/db.js'

const SNAPSHOT = new URL('./schema.snapshot.sql', import.meta.url)

/**
 * The schema an empty database gets from all migrations must equal the committed snapshot: a
 * change that did not go through a new migration (or forgot to update the snapshot on purpose)
 * fails here. Regenerate deliberately with RECTO_UPDATE_SCHEMA_SNAPSHOT=1.
 */
describe('schema', () => {
  it('matches the committed snapshot of sqlite_master', () => {
    const db = memoryDb()
    const rows = db
      .prepare(
        `SELECT type, name, tbl_name, sql FROM sqlite_master
         WHERE sql IS NOT NULL ORDER BY type, name`
      )
      .all() as { type: string; name: string; sql: string }[]
    const schema = rows.map((r) => `-- ${r.type} ${r.name}\n${r.sql};\n`).join('\n')
    if (process.env.RECTO_UPDATE_SCHEMA_SNAPSHOT === '1') writeFileSync(SNAPSHOT, schema)
    expect(schema).toBe(readFileSync(SNAPSHOT, 'utf8'))
  })
})
