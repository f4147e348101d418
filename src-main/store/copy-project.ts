import { createHash } from 'node:crypto'
import type { ReadableDB, WritableDB } from './db.js'
import { PgDatabase } from './postgres/pg-database.js'

/** Every table of a project, parents before children, with the generated columns the target computes itself. */
const TABLES: readonly { name: string; generated?: readonly string[] }[] = [
  { name: 'pdf_files' },
  { name: 'documents' },
  { name: 'document_paths' },
  { name: 'pages', generated: ['rank'] },
  { name: 'extracted_pages' },
  { name: 'flags' },
  { name: 'batches' },
  { name: 'revisions' },
  { name: 'text_layers' },
  { name: 'font_programs' },
  { name: 'font_map_codes' },
  { name: 'document_font_programs' },
  { name: 'users' },
  { name: 'sessions' },
  { name: 'claims' },
  { name: 'double_keyed_pages' },
  { name: 'keyings' },
  { name: 'audit_log' },
  { name: 'vlm_usage' }
]

/** Tables whose `id` the target must go on counting from after the copy. */
const COUNTED_IDS = ['documents', 'batches', 'revisions', 'users', 'audit_log', 'vlm_usage']

export type TableCopy = Readonly<{ table: string; rows: number; checksum: string }>

export class CopyError extends Error {
  override name = 'CopyError'
}

function isPostgres(db: ReadableDB): boolean {
  return (db as unknown) instanceof PgDatabase
}

/** A value as the same text on either engine: bytes as base64, everything else as JSON. */
function canonical(value: unknown): string {
  return Buffer.isBuffer(value) ? `b:${value.toString('base64')}` : JSON.stringify(value)
}

/**
 * The table's row count and a SHA-256 over its rows, each row hashed column by column and the
 * row hashes taken in sorted order: the engines sort text differently, the checksum must not.
 */
export function tableChecksum(db: ReadableDB, table: string): { rows: number; checksum: string } {
  const rowHashes: string[] = []
  for (const row of db.prepare(`SELECT * FROM ${table}`).iterate()) {
    const hash = createHash('sha256')
    const columns = Object.entries(row as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : 1
    )
    for (const [column, value] of columns) hash.update(`${column}=${canonical(value)}\u0000`)
    rowHashes.push(hash.digest('hex'))
  }
  const checksum = createHash('sha256').update(rowHashes.sort().join('\n')).digest('hex')
  return { rows: rowHashes.length, checksum }
}

function sourceTables(db: ReadableDB): string[] {
  const sql = isPostgres(db)
    ? `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'recto_schema'`
    : `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'`
  return db.prepare(sql).pluck().all() as string[]
}

/**
 * Copies a whole project into an empty one at the same schema version (SQLite to PostgreSQL, or
 * either way), in one transaction on the target, then compares every table's row count and
 * checksum on both sides; a difference undoes the copy.
 */
export function copyProject(from: ReadableDB, to: WritableDB): TableCopy[] {
  const known = new Set(TABLES.map((t) => t.name))
  const unknown = sourceTables(from).filter((t) => !known.has(t))
  if (unknown.length > 0) {
    throw new CopyError(`the source has tables this Recto does not copy: ${unknown.join(', ')}`)
  }
  for (const table of TABLES) {
    if (to.prepare(`SELECT count(*) FROM ${table.name}`).pluck().get() !== 0) {
      throw new CopyError(`the target is not empty: ${table.name} has rows`)
    }
  }
  return to.transaction(() => {
    for (const table of TABLES) {
      let insert: ReturnType<WritableDB['prepare']> | undefined
      for (const row of from.prepare(`SELECT * FROM ${table.name}`).iterate()) {
        const values = { ...(row as Record<string, unknown>) }
        for (const column of table.generated ?? []) delete values[column]
        const columns = Object.keys(values)
        insert ??= to.prepare(
          `INSERT INTO ${table.name} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`
        )
        insert.run(values)
      }
    }
    if (isPostgres(to)) {
      for (const table of COUNTED_IDS) {
        to.prepare(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 0) + 1, false) FROM ${table}`
        ).get()
      }
    }
    return TABLES.map((table) => {
      const source = tableChecksum(from, table.name)
      const target = tableChecksum(to, table.name)
      if (source.rows !== target.rows || source.checksum !== target.checksum) {
        throw new CopyError(
          `${table.name}: ${source.rows} rows copied as ${target.rows}, or their contents differ`
        )
      }
      return { table: table.name, ...source }
    })
  })()
}
