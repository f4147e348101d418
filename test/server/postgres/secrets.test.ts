import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../../../src-main/store/open.js'
import { addUser } from '../../../src-main/store/users.js'
import { SAMPLES_DIR } from '../../helpers/backend.js'
import { REPO_ROOT } from '../../helpers/corpus.js'
import { tempDir } from '../../helpers/db.js'
import { newPostgresDatabase } from '../../helpers/postgres-db.js'
import { rpc, send, type Reply } from '../http.js'

/**
 * A PostgreSQL project served with a password in its URL: the password never leaves the server
 * process, whatever a reviewer or an admin calls, and the server's own output never shows it.
 * The test cluster trusts its one user, so any password connects.
 */
const SECRET = 'S3cretPW'
const work = tempDir('recto-secrets-')
const url = newPostgresDatabase().replace('//recto@', `//recto:${SECRET}@`)
const database = new URL(url).pathname.slice(1)
let child: ChildProcess
let output = ''
let origin: URL
const replies: Reply[] = []

beforeAll(async () => {
  const db = openDatabase(url)
  addUser(db, { name: 'root', role: 'admin', password: 'root password' })
  addUser(db, { name: 'ada', role: 'reviewer', password: 'ada password' })
  db.close()
  // The working folder is the test's own: whatever the server names after the project lands here.
  child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'recto.js'), 'serve', '--db', url], {
    cwd: work.dir,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  origin = await new Promise<URL>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      const printed = /Recto is serving (\S+)/.exec(output)
      if (printed) resolve(new URL(printed[1]!))
    })
    child.once('exit', (code) => reject(new Error(`recto serve exited (${code}): ${output}`)))
  })
})

afterAll(() => {
  child.kill('SIGTERM')
  work.remove()
})

async function logIn(name: string): Promise<string> {
  const reply = await send(origin, '/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, password: `${name} password` })
  })
  replies.push(reply)
  return String(reply.headers['set-cookie']).split(';')[0]!
}

async function call(cookie: string, method: string, input: unknown): Promise<Reply> {
  const reply = await rpc(origin, cookie, method, input)
  replies.push(reply)
  return reply
}

describe('a PostgreSQL URL with a password, served to a team', () => {
  it('names default folders after the database, and keeps uploads in it', async () => {
    const ada = await logIn('ada')
    const root = await logIn('root')
    const entries = JSON.parse((await call(ada, 'gold.entries', {})).body) as {
      value: { defaultDir: string }
    }
    expect(entries.value.defaultDir).toBe(join(work.dir, `${database}-gold`))
    const targets = JSON.parse((await call(ada, 'exports.targets', {})).body) as {
      value: Record<string, string>
    }
    expect(targets.value).toEqual({
      jsonl: join(work.dir, `${database}.jsonl`),
      markdown: join(work.dir, `${database}-markdown`),
      'page-xml': join(work.dir, `${database}-page-xml`)
    })

    const bytes = readFileSync(join(SAMPLES_DIR, 'two-column-article.pdf'))
    const upload = await call(root, 'documents.upload', {
      name: 'article.pdf',
      data: bytes.toString('base64')
    })
    expect(upload.status, upload.body).toBe(200)
    const db = openDatabase(url)
    const stored = () => db.prepare('SELECT count(*) FROM pdf_files').pluck().get()
    await vi.waitFor(() => expect(stored()).toBe(1), { timeout: 30_000, interval: 100 })
    db.close()
    // Nothing was written in the working folder, under the URL's name or any other.
    expect(readdirSync(work.dir)).toEqual([])
  })

  it('shows the password in no answer, error or line of output', async () => {
    const ada = await logIn('ada')
    const root = await logIn('root')
    await call(ada, 'documents.list', {})
    await call(ada, 'jobs.list', {})
    await call(ada, 'no.such.method', {})
    await call(ada, 'gold.export', { dir: join(work.dir, 'gold') })
    await call(root, 'exports.run', { format: 'jsonl', target: '/dev/null/x.jsonl' })
    await call(root, 'documents.add', { paths: [join(work.dir, 'missing.pdf')] })
    replies.push(await send(origin, '/session', { headers: { Cookie: root } }))
    expect(replies.length).toBeGreaterThan(10)
    for (const reply of replies) {
      expect(reply.body).not.toContain(SECRET)
      expect(JSON.stringify(reply.headers)).not.toContain(SECRET)
    }
    expect(output).not.toContain(SECRET)
    expect(existsSync(join(work.dir, 'gold'))).toBe(false)
  })

  it('hides the password from ps: the process title masks it', () => {
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8')
    expect(cmdline).toContain('serve --db postgresql://recto:***@')
    expect(cmdline).not.toContain(SECRET)
  })
})
