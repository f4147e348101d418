import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Backend } from '../../api/backend.js'
import { startBackendThread } from '../../api/backend-thread.js'
import { EventStream } from '../../server/event-stream.js'
import { DEFAULT_RENDERER_DIR, startServer } from '../../server/server.js'
import { describeLocation, isPostgresUrl, projectLocation } from '../../store/location.js'
import { AccountsThread } from '../../server/accounts-thread.js'
import { UsageError, type Command } from '../command.js'
import { messageOf } from '../../shared/error-message.js'

type ServeOptions = {
  db: string
  port: number
  host: string
  publicUrl?: URL
  tls?: { cert: Buffer; key: Buffer }
  trustProxy: boolean
}

function options(args: readonly string[]): ServeOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      db: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'public-url': { type: 'string' },
      cert: { type: 'string' },
      key: { type: 'string' },
      'trust-proxy': { type: 'boolean' }
    },
    strict: true,
    allowPositionals: false
  })
  const db = projectLocation(values.db || undefined)
  if (db === undefined) throw new UsageError('serve needs --db <file>')
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be a port number, not '${values.port}'`)
  }
  const host = values.host ?? '127.0.0.1'
  const publicUrl = values['public-url'] === undefined ? undefined : parsedUrl(values['public-url'])
  if ((host === '0.0.0.0' || host === '::') && !publicUrl) {
    throw new UsageError(
      `--host ${host} needs --public-url, the address reviewers open: its Host is the one answered`
    )
  }
  if ((values.cert === undefined) !== (values.key === undefined)) {
    throw new UsageError('--cert and --key go together: the certificate and its private key')
  }
  return {
    db: isPostgresUrl(db) ? db : resolve(db),
    port,
    host,
    ...(publicUrl ? { publicUrl } : {}),
    ...(values.cert && values.key
      ? { tls: { cert: pemFile(values.cert, '--cert'), key: pemFile(values.key, '--key') } }
      : {}),
    trustProxy: values['trust-proxy'] ?? false
  }
}

function parsedUrl(given: string): URL {
  let url: URL
  try {
    url = new URL(given)
  } catch {
    throw new UsageError(
      `--public-url must be a URL such as https://recto.example.org, not '${given}'`
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`--public-url is an http:// or https:// address, not '${given}'`)
  }
  return url
}

function pemFile(file: string, option: string): Buffer {
  try {
    return readFileSync(file)
  } catch (error) {
    throw new UsageError(`${option} ${file}: ${messageOf(error)}`)
  }
}

/** Connections for logins and claims on PostgreSQL: 20 reviewers kept one busy half the time. */
const ACCOUNT_THREADS = 4

export const serveCommand: Command = {
  name: 'serve',
  async run(args) {
    let parsed: ServeOptions
    try {
      parsed = options(args)
    } catch (error) {
      process.stderr.write(`recto: ${messageOf(error)}\n`)
      return 2
    }
    const events = new EventStream()
    // The backend runs on a thread of its own, as in the desktop app: a slow rendering or query
    // never holds up this thread, which serves the files and the event stream to every tab.
    let backend: Backend
    try {
      backend = await startBackendThread({
        dbFile: parsed.db,
        emit: (name, payload) => events.emit(name, payload)
      })
    } catch (error) {
      process.stderr.write(`recto: ${describeLocation(parsed.db)}: ${messageOf(error)}\n`)
      return 1
    }
    // Logins and claims are answered on a thread and a connection of their own: the backend
    // thread has created or upgraded the project by now.
    const accounts = new AccountsThread(parsed.db, isPostgresUrl(parsed.db) ? ACCOUNT_THREADS : 1)
    let server: Awaited<ReturnType<typeof startServer>>
    try {
      server = await startServer({
        dispatch: backend.dispatch,
        accounts: accounts.accounts,
        events,
        rendererDir: DEFAULT_RENDERER_DIR,
        port: parsed.port,
        host: parsed.host,
        ...(parsed.publicUrl ? { publicUrl: parsed.publicUrl } : {}),
        ...(parsed.tls ? { tls: parsed.tls } : {}),
        trustProxy: parsed.trustProxy
      })
    } catch (error) {
      await backend.close()
      await accounts.close()
      const reason = messageOf(error)
      process.stderr.write(`recto: cannot listen on ${parsed.host}:${parsed.port}: ${reason}\n`)
      return 1
    }
    process.stdout.write(`Recto is serving ${server.url}\n`)
    await new Promise<void>((done) => {
      process.once('SIGINT', done)
      process.once('SIGTERM', done)
    })
    await server.close()
    await backend.close()
    await accounts.close()
    return 0
  }
}
