import { workerData, type MessagePort } from 'node:worker_threads'
import pg from 'pg'
import type { PgReply, PgRequest, PgThreadData } from './messages.js'
import { isConnectionError, UNREACHABLE, unreachableMessage } from './unreachable.js'

/**
 * The thread that owns one PostgreSQL connection for one store handle. node-postgres is
 * asynchronous; the store's thread blocks on `signal` until this thread has posted the reply.
 * A connection lost (the server restarted, the network cut) is replaced on a later request, at
 * most once per backoff step, so that a store outlives its database's outages.
 */
const { url, session, signal, port } = workerData as PgThreadData & { port: MessagePort }

// Values read as SQLite gives them: 64-bit counts and sums as numbers, booleans as 1 and 0, JSON
// as its text (the store parses what it asked for).
const types = {
  getTypeParser(oid: number, format?: string): (value: string) => unknown {
    if (oid === 20 || oid === 1700) return Number
    if (oid === 16) return (v) => (v === 't' ? 1 : 0)
    if (oid === 114 || oid === 3802) return (v) => v
    return pg.types.getTypeParser(oid, format as 'text')
  }
}

/** The first retry waits this long, each next one twice as long, up to the longest. */
const FIRST_BACKOFF_MS = 250
const LONGEST_BACKOFF_MS = 2000
/** A server that does not even refuse (a host gone from the network) is given up on this soon. */
const CONNECT_TIMEOUT_MS = 5000

type Connection = { client: pg.Client; lost: string | null }

/** Why a query failed because its connection did, or null when the statement itself failed. */
function connectionFailure(connection: Connection, error: unknown): string | null {
  const reason = connection.lost ?? (error as Error).message ?? String(error)
  return connection.lost !== null || isConnectionError(error) ? reason : null
}

async function open(connectionTimeoutMillis?: number): Promise<Connection> {
  const client = new pg.Client({ connectionString: url, types, connectionTimeoutMillis })
  const connection: Connection = { client, lost: null }
  // A connection lost between requests (the server stopped) is an 'error' event: unhandled, it
  // would end the thread and, through it, the process. The next request replaces it instead.
  client.on('error', (error) => (connection.lost ??= error.message))
  client.on('end', () => (connection.lost ??= 'the connection was closed'))
  try {
    await client.connect()
    if (session !== null) await client.query(session)
  } catch (error) {
    client.end().catch(() => undefined)
    throw error
  }
  return connection
}

// The first connection's failure (a wrong URL, password or database) is reported as it is, to
// the first request; later ones, the server having answered once, are outages.
let current: Promise<Connection> = open()
// An unhandled rejection would end the thread silently while the store's thread waits.
current.catch(() => undefined)
let backoff = FIRST_BACKOFF_MS
let nextTry = 0
let lastFailure = ''

function unreachable(reason: string): Error {
  return Object.assign(new Error(unreachableMessage(reason)), { code: UNREACHABLE })
}

/** The live connection, a new one when the last was lost and the request allows it. */
async function connection(reconnect: boolean): Promise<Connection> {
  const live = await current
  if (live.lost === null) return live
  if (!reconnect) throw unreachable(live.lost)
  if (Date.now() < nextTry) throw unreachable(lastFailure || live.lost)
  try {
    const fresh = await open(CONNECT_TIMEOUT_MS)
    current = Promise.resolve(fresh)
    backoff = FIRST_BACKOFF_MS
    return fresh
  } catch (error) {
    lastFailure = (error as Error).message || live.lost
    nextTry = Date.now() + backoff
    backoff = Math.min(backoff * 2, LONGEST_BACKOFF_MS)
    throw unreachable(lastFailure)
  }
}

function reply(message: PgReply): void {
  port.postMessage(message)
  Atomics.store(signal, 0, 1)
  Atomics.notify(signal, 0)
}

async function answer(request: PgRequest): Promise<PgReply> {
  if (request.kind === 'close') {
    const live = await current
    if (live.lost === null) await live.client.end()
    return { ok: true, fields: [], rows: [], rowCount: 0 }
  }
  const live = await connection(request.reconnect)
  try {
    if (request.kind === 'script') {
      await live.client.query(request.text)
      return { ok: true, fields: [], rows: [], rowCount: 0 }
    }
    const result = await live.client.query({
      text: request.text,
      values: request.values as unknown[],
      rowMode: 'array'
    })
    return {
      ok: true,
      fields: result.fields.map((f) => f.name),
      rows: result.rows as unknown[][],
      rowCount: result.rowCount ?? 0
    }
  } catch (error) {
    const lost = connectionFailure(live, error)
    if (lost === null) throw error
    live.lost ??= lost
    live.client.end().catch(() => undefined)
    throw unreachable(lost)
  }
}

port.on('message', (request: PgRequest) => {
  answer(request).then(reply, (error: unknown) => {
    const { message, code } = error as { message?: string; code?: string }
    reply({ ok: false, message: message ?? String(error), ...(code ? { code } : {}) })
  })
})
