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

function options(args: readonly string[]): { db: string; port: number } {
  const { values } = parseArgs({
    args: [...args],
    options: { db: { type: 'string' }, port: { type: 'string' } },
    strict: true,
    allowPositionals: false
  })
  const db = projectLocation(values.db || undefined)
  if (db === undefined) throw new UsageError('serve needs --db <file>')
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be a port number, not '${values.port}'`)
  }
  return { db: isPostgresUrl(db) ? db : resolve(db), port }
}

/** Connections for logins and claims on PostgreSQL: 20 reviewers kept one busy half the time. */
const ACCOUNT_THREADS = 4

export const serveCommand: Command = {
  name: 'serve',
  usage: 'serve --db <file> [--port N]',
  help: [
    'Serves the review UI on 127.0.0.1 and prints its URL, which carries a token that every',
    'request must show. Stop with Ctrl+C.',
    '',
    '  --db <file>   the review database (created when missing), or a postgres:// URL;',
    '                RECTO_DB when not given',
    '  --port N      the port to listen on (default: any free port)'
  ].join('\n'),

  async run(args) {
    let parsed: { db: string; port: number }
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
        port: parsed.port
      })
    } catch (error) {
      await backend.close()
      await accounts.close()
      const reason = messageOf(error)
      process.stderr.write(`recto: cannot listen on 127.0.0.1:${parsed.port}: ${reason}\n`)
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
