import { workerData, type MessagePort } from 'node:worker_threads'
import pg from 'pg'
import type { PgReply, PgRequest, PgThreadData } from './messages.js'

/**
 * The thread that owns one PostgreSQL connection for one store handle. node-postgres is
 * asynchronous; the store's thread blocks on `signal` until this thread has posted the reply.
 */
const { url, signal, port } = workerData as PgThreadData & { port: MessagePort }

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

const client = new pg.Client({ connectionString: url, types })
const connected = client.connect()
// A failed connection is reported to the first request; an unhandled rejection would end the
// thread silently while the store's thread waits.
connected.catch(() => undefined)
// A connection lost between requests (the server stopped) is an 'error' event: unhandled, it
// would end the thread and, through it, the process with a stack trace. The next request fails
// with node-postgres's own message instead, which the store reports.
client.on('error', () => undefined)

function reply(message: PgReply): void {
  port.postMessage(message)
  Atomics.store(signal, 0, 1)
  Atomics.notify(signal, 0)
}

async function answer(request: PgRequest): Promise<PgReply> {
  await connected
  if (request.kind === 'close') {
    await client.end()
    return { ok: true, fields: [], rows: [], rowCount: 0 }
  }
  if (request.kind === 'script') {
    await client.query(request.text)
    return { ok: true, fields: [], rows: [], rowCount: 0 }
  }
  const result = await client.query({
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
}

port.on('message', (request: PgRequest) => {
  answer(request).then(reply, (error: unknown) => {
    const { message, code } = error as { message?: string; code?: string }
    reply({ ok: false, message: message ?? String(error), ...(code ? { code } : {}) })
  })
})
