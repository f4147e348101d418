import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mupdf } from '../../../src-main/extract/mupdf.js'
import type { ReadableDB } from '../../../src-main/store/db.js'
import { PgDatabase } from '../../../src-main/store/postgres/pg-database.js'
import { openDatabase } from '../../../src-main/store/open.js'
import { recto } from '../../helpers/cli.js'
import { REPO_ROOT } from '../../helpers/corpus.js'
import { tempDir } from '../../helpers/db.js'
import { madePdf, textLines } from '../../helpers/made-pdf.js'
import { postgresBin, startCluster, type Cluster } from '../../helpers/postgres-cluster.js'
import { startWorker, type RectoWorker } from '../../helpers/recto-worker.js'
import { send } from '../../server/http.js'

const dir = tempDir('recto-outage-')
const FILES = 60
const PAGES = 3

/** A short minutes document, different in each file so that each is a document of its own. */
function minutes(index: number, pages: number): Uint8Array {
  return madePdf((doc) => {
    const resources = { Font: { F1: doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin') } }
    return Array.from({ length: pages }, (_, page) => ({
      resources,
      content: textLines(
        'F1',
        11,
        Array.from(
          { length: 30 },
          (_, line) => `Minutes ${index}, page ${page + 1}, item ${line + 1}: the board agreed.`
        )
      )
    }))
  })
}

/** `recto serve` on the project, and one API call to it. */
async function startServe(url: string) {
  const child = spawn(process.execPath, ['bin/recto.js', 'serve', '--db', url, '--port', '0'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  serves.push(child)
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const serving = new Promise<URL>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const found = /Recto is serving (\S+)/.exec(stdout)
      if (found) resolve(new URL(found[1]!))
    })
    child.on('exit', (code) => reject(new Error(`recto serve ended (${code})`)))
  })
  const address = await serving
  const token = address.searchParams.get('token')!
  return {
    async call(method: string): Promise<{ ok: boolean; error?: { message: string } }> {
      const reply = await send(address, `/rpc/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-recto-token': token },
        body: '{}'
      })
      if (!reply.type?.startsWith('application/json')) {
        throw new Error(
          `${method} answered ${reply.status} ${reply.body}; the server said ${stderr}`
        )
      }
      return JSON.parse(reply.body) as { ok: boolean; error?: { message: string } }
    },
    async stop(): Promise<number | null> {
      child.kill('SIGTERM')
      const [code] = (await once(child, 'exit')) as [number | null]
      return code
    }
  }
}

let cluster: Cluster
let admin: PgDatabase
let made = 0
const workers: RectoWorker[] = []
/** Every `recto serve` started, killed at the end whatever happened to its test. */
const serves: ChildProcess[] = []

/** A new database in this file's own cluster, the one it stops. */
function newDatabase(): string {
  const name = `outage_${++made}`
  admin.exec(`CREATE DATABASE ${name}`)
  return cluster.url(name)
}

function count(db: ReadableDB, sql: string): number {
  return db.prepare(sql).pluck().get() as number
}

beforeAll(() => {
  const found = postgresBin()
  if ('missing' in found) throw new Error(found.missing)
  cluster = startCluster(found.bin)
  admin = new PgDatabase(cluster.url('postgres'))
})

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill()))
  for (const child of serves) if (child.exitCode === null) child.kill('SIGKILL')
  admin.close()
  cluster.stop()
  dir.remove()
})

describe("the store's connection across a restart", () => {
  it('fails the statements of the transaction it was in, then reconnects for the next one', () => {
    const db = new PgDatabase(newDatabase())
    db.exec('CREATE TABLE notes (text TEXT NOT NULL)')
    const add = db.prepare('INSERT INTO notes (text) VALUES (?)')
    const write = db.transaction(() => {
      add.run('before the restart')
      cluster.pause()
      cluster.resume()
      add.run('after the restart')
    })
    expect(write).toThrow(/^the database is unreachable \(.+\); retrying$/)
    // Nothing of the transaction was kept, and nothing of it ran on the new connection.
    expect(db.prepare('SELECT count(*) FROM notes').pluck().get()).toBe(0)
    add.run('next call')
    expect(db.prepare('SELECT text FROM notes').pluck().all()).toEqual(['next call'])
    db.close()
  })
})

describe('PostgreSQL stopped for 20 s in the middle of an ingest', () => {
  it('serve answers again within 10 s of the start, the workers go on, each document is stored once', async () => {
    const url = newDatabase()
    for (let i = 1; i <= FILES; i++) {
      writeFileSync(join(dir.dir, `minutes-${i}.pdf`), minutes(i, PAGES))
    }
    const queued = recto('ingest', '--queue', '--db', url, dir.dir)
    expect(queued.stdout).toMatch(new RegExp(`^${FILES} files: ${FILES} queued, `, 'm'))
    const project = openDatabase(url)
    const serve = await startServe(url)
    workers.push(startWorker(url), startWorker(url))
    await Promise.all(workers.map((worker) => worker.started()))
    const done = () => count(project, `SELECT count(*) FROM documents WHERE status = 'done'`)
    await vi.waitFor(() => expect(done()).toBeGreaterThanOrEqual(4), {
      timeout: 60_000,
      interval: 50
    })
    expect(done()).toBeLessThan(FILES)

    cluster.pause()
    const outageEnds = Date.now() + 20_000
    const during: string[] = []
    try {
      // The outage's length is the scenario itself; meanwhile the server is asked what it has.
      while (Date.now() < outageEnds) {
        const reply = await serve.call('documents.list')
        during.push(reply.ok ? 'answered' : reply.error!.message)
        await sleep(1000)
      }
    } finally {
      cluster.resume()
    }
    // Asked again and again (each answer waits on the store's own retry, longer on a busy machine).
    expect(during.length).toBeGreaterThanOrEqual(3)
    for (const message of during) {
      expect(message).toMatch(/^the database is unreachable \(.+\); retrying$/)
    }
    const started = Date.now()
    await vi.waitFor(async () => expect((await serve.call('documents.list')).ok).toBe(true), {
      timeout: 10_000,
      interval: 100
    })
    const answeredAfter = Date.now() - started
    expect(answeredAfter).toBeLessThan(10_000)

    // A job whose worker no longer holds it shows as a lapsed lease until another takes it.
    const lapsedSince = new Map<string, number>()
    const lapsed = () =>
      project
        .prepare(
          `SELECT id FROM pgboss.job WHERE name = 'recto-ingest' AND state = 'active'
           AND started_on + expire_in < now()`
        )
        .pluck()
        .all() as string[]
    let longestWait = 0
    await vi.waitFor(
      () => {
        const now = Date.now()
        for (const id of lapsed()) lapsedSince.set(id, lapsedSince.get(id) ?? now)
        for (const since of lapsedSince.values()) longestWait = Math.max(longestWait, now - since)
        expect(
          count(
            project,
            `SELECT count(*) FROM pgboss.job WHERE name = 'recto-ingest' AND state < 'completed'`
          )
        ).toBe(0)
      },
      { timeout: 120_000, interval: 250 }
    )
    expect(longestWait).toBeLessThan(60_000)

    expect(count(project, 'SELECT count(*) FROM documents')).toBe(FILES)
    expect(count(project, 'SELECT count(DISTINCT sha256) FROM documents')).toBe(FILES)
    expect(done()).toBe(FILES)
    expect(count(project, 'SELECT count(*) FROM pages')).toBe(FILES * PAGES)
    expect(
      count(
        project,
        `SELECT count(*) FROM pgboss.job WHERE name = 'recto-ingest' AND state = 'failed'`
      )
    ).toBe(0)
    project.close()

    const ended = await Promise.all(workers.splice(0).map((worker) => worker.stop()))
    for (const end of ended) {
      // Each worker lived through the outage, said so once, and stopped when asked.
      expect(end.code, end.stderr).toBe(0)
      expect(end.stderr).toMatch(/^recto worker: the database is unreachable \(.+\); retrying$/m)
    }
    expect(await serve.stop()).toBe(0)
  }, 170_000)
})

describe('an idle worker through a restart', () => {
  it('waits it out and takes the first job queued after it', async () => {
    const url = newDatabase()
    const worker = startWorker(url)
    workers.push(worker)
    await worker.started()
    cluster.pause()
    try {
      await vi.waitFor(
        () => expect(worker.output().stderr).toMatch(/^recto worker: the database is unreachable/m),
        { timeout: 30_000, interval: 100 }
      )
    } finally {
      cluster.resume()
    }
    const file = join(dir.dir, 'after-the-restart.pdf')
    writeFileSync(file, minutes(-1, PAGES))
    expect(recto('ingest', '--queue', '--db', url, file).status).toBe(0)
    const project = openDatabase(url)
    await vi.waitFor(
      () => expect(count(project, `SELECT count(*) FROM documents WHERE status = 'done'`)).toBe(1),
      { timeout: 60_000, interval: 100 }
    )
    expect(count(project, 'SELECT count(*) FROM pages')).toBe(PAGES)
    project.close()
    const end = await worker.stop()
    expect(end.code).toBe(0)
    expect(end.stdout).toMatch(/after-the-restart\.pdf: 3 pages/)
  }, 120_000)
})

describe('a worker killed outright mid-document', () => {
  it('has its job taken over by another worker within a minute; the document is stored once', async () => {
    const url = newDatabase()
    const file = join(dir.dir, 'long-minutes.pdf')
    writeFileSync(file, minutes(0, 200))
    expect(recto('ingest', '--queue', '--db', url, file).status).toBe(0)
    const project = openDatabase(url)
    const first = startWorker(url)
    await vi.waitFor(
      () => expect(count(project, 'SELECT count(*) FROM extracted_pages')).toBeGreaterThan(0),
      { timeout: 60_000, interval: 10 }
    )
    await first.kill()
    const killed = Date.now()
    const second = startWorker(url)
    workers.push(second)
    await second.started()
    const takenOver = () =>
      count(
        project,
        `SELECT count(*) FROM pgboss.job WHERE state = 'active'
         AND started_on > now() - make_interval(secs => ${(Date.now() - killed) / 1000})`
      )
    await vi.waitFor(() => expect(takenOver()).toBe(1), { timeout: 60_000, interval: 250 })
    expect(Date.now() - killed).toBeLessThan(60_000)

    await vi.waitFor(
      () => expect(count(project, `SELECT count(*) FROM documents WHERE status = 'done'`)).toBe(1),
      { timeout: 90_000, interval: 250 }
    )
    expect(count(project, 'SELECT count(*) FROM pages')).toBe(200)
    expect(count(project, 'SELECT count(*) FROM documents')).toBe(1)
    project.close()
    expect((await second.stop()).code).toBe(0)
  }, 170_000)
})
