import type { Database } from 'better-sqlite3'
import { COMPAT_SQL } from './compat.js'
import { schemaToPostgres, toPostgres, type PgStatement } from './sql-dialect.js'
import { SyncPgClient } from './sync-client.js'

type Row = Record<string, unknown>

/** better-sqlite3's Transaction: the function, and the same run as each kind of transaction. */
type PgTransaction<A extends unknown[], R> = ((...args: A) => R) &
  Readonly<Record<'deferred' | 'immediate' | 'exclusive', (...args: A) => R>>

const READ_ONLY = 'SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY'

/** SQLite settings that PostgreSQL has no use for: it always checks foreign keys, logs ahead, waits for locks. */
const IGNORED_PRAGMAS = new Set([
  'foreign_keys',
  'journal_mode',
  'synchronous',
  'busy_timeout',
  'optimize'
])

function isNamedObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !ArrayBuffer.isView(value)
  )
}

/** A bound value as node-postgres takes it: better-sqlite3's bigints and byte arrays included. */
function toParam(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  }
  return value ?? null
}

/** A column value as better-sqlite3 gives it: blobs as Buffers (they crossed threads as Uint8Array). */
function fromColumn(value: unknown): unknown {
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
  }
  return value
}

function bind(statement: PgStatement, args: readonly unknown[]): unknown[] {
  const last = args.at(-1)
  const named = isNamedObject(last) ? last : undefined
  const positional = (named ? args.slice(0, -1) : args).flat()
  return statement.params.map((param) => {
    if (typeof param === 'number') {
      if (param >= positional.length) throw new RangeError('too few parameter values were provided')
      return toParam(positional[param])
    }
    const name = typeof param === 'string' ? param : param.isNull
    if (!named || !(name in named)) throw new RangeError(`missing named parameter "${name}"`)
    return typeof param === 'string' ? toParam(named[name]) : named[name] == null
  })
}

/** One prepared statement, in the subset of better-sqlite3's Statement the store uses. */
class PgPreparedStatement {
  readonly #db: PgDatabase
  readonly #statement: PgStatement
  #pluck = false
  readonly source: string

  constructor(db: PgDatabase, source: string) {
    this.#db = db
    this.source = source
    this.#statement = toPostgres(source)
  }

  pluck(toggle = true): this {
    this.#pluck = toggle
    return this
  }

  #rows(args: readonly unknown[]): { rows: unknown[]; rowCount: number } {
    const reply = this.#db.query(this.#statement.text, bind(this.#statement, args))
    const rows = reply.rows.map((values) => {
      if (this.#pluck) return fromColumn(values[0])
      const row: Row = {}
      reply.fields.forEach((field, i) => (row[field] = fromColumn(values[i])))
      return row
    })
    return { rows, rowCount: reply.rowCount }
  }

  run(...args: unknown[]): { changes: number; lastInsertRowid: number } {
    const { rows, rowCount } = this.#rows(args)
    const first = rows[0] as Row | undefined
    return { changes: rowCount, lastInsertRowid: Number(first?.['id'] ?? 0) }
  }

  get(...args: unknown[]): unknown {
    return this.#rows(args).rows[0]
  }

  all(...args: unknown[]): unknown[] {
    return this.#rows(args).rows
  }

  iterate(...args: unknown[]): IterableIterator<unknown> {
    return this.#rows(args).rows[Symbol.iterator]()
  }
}

/**
 * A project in PostgreSQL behind the part of better-sqlite3's Database that the store uses, so
 * every query function runs unchanged on either engine (src-main/store/DESIGN.md says why).
 * `name` is the connection URL, which is how an ingest's worker threads open the same project.
 */
export class PgDatabase {
  readonly client: SyncPgClient
  readonly name: string
  readonly memory = false
  readonly readonly: boolean
  #open = true
  #depth = 0

  constructor(url: string, options: { readonly?: boolean } = {}) {
    this.name = url
    this.readonly = options.readonly ?? false
    this.client = new SyncPgClient(url, this.readonly ? READ_ONLY : null)
    try {
      // The first statement is where a wrong URL, server or password shows.
      this.#script(this.readonly ? READ_ONLY : COMPAT_SQL, true)
    } catch (error) {
      this.client.terminate()
      throw error
    }
  }

  get open(): boolean {
    return this.#open
  }

  get inTransaction(): boolean {
    return this.#depth > 0
  }

  prepare(source: string): PgPreparedStatement {
    return new PgPreparedStatement(this, source)
  }

  exec(source: string): this {
    this.#script(schemaToPostgres(source), this.#depth === 0)
    return this
  }

  /**
   * A statement outside a transaction may go over a new connection when the last was lost; one
   * inside may not, since the transaction's earlier statements died with the old connection.
   */
  query(text: string, values: readonly unknown[]): ReturnType<SyncPgClient['request']> {
    return this.client.request({ kind: 'query', text, values, reconnect: this.#depth === 0 })
  }

  #script(text: string, reconnect: boolean): void {
    this.client.request({ kind: 'script', text, reconnect })
  }

  /** better-sqlite3's transaction: a function running `fn` in one transaction, nested as savepoints. */
  transaction<A extends unknown[], R>(fn: (...args: A) => R): PgTransaction<A, R> {
    const run = (...args: A): R => {
      const outer = this.#depth
      const savepoint = `recto_${outer}`
      this.#script(outer === 0 ? 'BEGIN' : `SAVEPOINT ${savepoint}`, outer === 0)
      this.#depth = outer + 1
      // The end of a transaction goes over the connection that began it or not at all: a COMMIT
      // on a new connection would report as written what the outage lost.
      try {
        const result = fn(...args)
        if (result instanceof Promise) {
          throw new TypeError('Transaction function cannot return a promise')
        }
        this.#script(outer === 0 ? 'COMMIT' : `RELEASE SAVEPOINT ${savepoint}`, false)
        this.#depth = outer
        return result
      } catch (error) {
        this.#depth = outer
        this.#script(outer === 0 ? 'ROLLBACK' : `ROLLBACK TO SAVEPOINT ${savepoint}`, false)
        throw error
      }
    }
    // SQLite's kinds of transaction differ in when they lock; PostgreSQL's take row locks as
    // they write, and the store takes an advisory lock where it needs one from the start.
    return Object.assign(run, { deferred: run, immediate: run, exclusive: run })
  }

  /** The pragmas the store uses: user_version is kept in a table of its own. */
  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const [, name = '', value] = /^\s*(\w+)\s*(?:=\s*(.+?))?\s*$/.exec(source) ?? []
    if (IGNORED_PRAGMAS.has(name)) return undefined
    if (name !== 'user_version') throw new Error(`pragma ${name} has no PostgreSQL equivalent`)
    if (value !== undefined) {
      this.exec(`CREATE TABLE IF NOT EXISTS recto_schema (user_version INTEGER NOT NULL)`)
      this.exec('DELETE FROM recto_schema')
      this.prepare('INSERT INTO recto_schema (user_version) VALUES (?)').run(Number(value))
      return undefined
    }
    const exists = this.prepare(`SELECT to_regclass('recto_schema') IS NOT NULL`).pluck().get()
    const version = exists
      ? ((this.prepare('SELECT user_version FROM recto_schema').pluck().get() as
          number | undefined) ?? 0)
      : 0
    return options.simple ? version : [{ user_version: version }]
  }

  close(): this {
    if (!this.#open) return this
    this.#open = false
    this.client.close()
    return this
  }

  /** This handle typed as the store's handles are (src-main/store/db.ts). */
  asDatabase(): Database {
    return this as unknown as Database
  }
}
