import { mkdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { storeAccounts } from '../../src-main/server/accounts.js'
import { EventStream } from '../../src-main/server/event-stream.js'
import {
  startServer,
  type RunningServer,
  type ServerOptions
} from '../../src-main/server/server.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { addUser, type Role, type User } from '../../src-main/store/users.js'
import { tempDir } from '../helpers/db.js'

export type Reply = {
  status: number
  type: string | undefined
  headers: Record<string, string | string[] | undefined>
  body: string
}

export type SendOptions = { method?: string; headers?: Record<string, string>; body?: string }

/** One request to the server at `origin`, with the Host it serves unless the headers say else. */
export function send(origin: URL, path: string, options: SendOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: origin.hostname,
        port: origin.port,
        path,
        method: options.method ?? 'GET',
        headers: { Host: origin.host, ...options.headers }
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'],
            headers: res.headers,
            body
          })
        )
      }
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** A stand-in for the built renderer: an index page and one script. */
export function writeRenderer(dir: string): void {
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Recto</title>')
  writeFileSync(join(dir, 'assets', 'app.js'), 'export {}')
}

export type TeamServer = Readonly<{
  server: RunningServer
  origin: URL
  /** The accounts' own handle on the project, as `recto serve` keeps one. */
  accountsDb: WritableDB
  close(): Promise<void>
}>

/** `recto serve` for a team over a test backend's project, with a stand-in renderer. */
export async function startTeamServer(
  dispatch: ServerOptions['dispatch'],
  dbFile: string,
  log?: (line: string) => void
): Promise<TeamServer> {
  const renderer = tempDir('recto-team-renderer-')
  writeRenderer(renderer.dir)
  const accountsDb = openDatabase(dbFile)
  const server = await startServer({
    dispatch,
    accounts: storeAccounts(accountsDb),
    events: new EventStream(),
    rendererDir: renderer.dir,
    port: 0,
    ...(log ? { log } : {})
  })
  return {
    server,
    origin: new URL(server.url),
    accountsDb,
    async close() {
      await server.close()
      accountsDb.close()
      renderer.remove()
    }
  }
}

/** An account added to the team's project (password "<name> password") and logged in. */
export async function loggedIn(
  team: TeamServer,
  name: string,
  role: Role
): Promise<Readonly<{ user: User; cookie: string }>> {
  const password = `${name} password`
  const user = addUser(team.accountsDb, { name, role, password })
  const reply = await send(team.origin, '/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, password })
  })
  return { user, cookie: String(reply.headers['set-cookie']).split(';')[0]! }
}

/** A JSON POST to `path` of the server at `origin`, as the account whose session `cookie` is. */
export function postAs(origin: URL, cookie: string, path: string, body: unknown): Promise<Reply> {
  return send(origin, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body)
  })
}

/** One API call to the server at `origin`, as the account whose session `cookie` is. */
export function rpc(origin: URL, cookie: string, method: string, input: unknown): Promise<Reply> {
  return postAs(origin, cookie, `/rpc/${method}`, input)
}
