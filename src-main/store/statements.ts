import type { Database, Statement } from 'better-sqlite3'

const cache = new WeakMap<Database, Map<string, Statement>>()

/**
 * The statement for `sql`, compiled once per connection: the queries an ingest runs for every
 * page (a few per page, each with indexes and a trigger to plan) would otherwise be parsed and
 * planned again each time. The statement is shared: callers run it and never change its mode
 * (pluck, raw, expand).
 */
export function statement(db: Database, sql: string): Statement {
  let statements = cache.get(db)
  if (!statements) {
    statements = new Map()
    cache.set(db, statements)
  }
  let prepared = statements.get(sql)
  if (!prepared) {
    prepared = db.prepare(sql)
    statements.set(sql, prepared)
  }
  return prepared
}
