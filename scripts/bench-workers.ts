// Two `recto worker`s against one SQLite `recto ingest` over the same PDFs (the whole corpus by
// default): wall time of each, and how many pages came out identical (text, layout, flags and
// text layer).
//   npm run bench:workers -- [--ocr] [--workers 2] [folder or PDFs…]
// It starts a throwaway PostgreSQL cluster (Debian's server) and removes it after.
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { ReadableDB } from '../src-main/store/db.js'
import { openDatabase } from '../src-main/store/open.js'
import { PgDatabase } from '../src-main/store/postgres/pg-database.js'
import { postgresBin, startCluster } from '../test/helpers/postgres-cluster.js'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { ocr: { type: 'boolean', default: false }, workers: { type: 'string', default: '2' } }
})
const inputs = positionals.length > 0 ? positionals : ['/work/shared/corpus/pdf']
const cascade = values.ocr ? ['--ocr'] : []

function recto(args: string[]): void {
  const run = spawnSync(process.execPath, ['bin/recto.js', ...args], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`recto ${args[0]} failed: ${run.stderr}`)
}

/** Each page as one string of everything stored about it, by document hash and page number. */
function pageRecords(db: ReadableDB): Map<string, string> {
  const text = (v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : String(v))
  const flags = new Map<string, string[]>()
  const flagRows = db
    .prepare(
      `SELECT d.sha256, f.page_no, f.code, f.severity, f.message, f.evidence FROM flags f
       JOIN documents d ON d.id = f.document_id`
    )
    .all() as Record<string, unknown>[]
  for (const { sha256, page_no, ...flag } of flagRows) {
    const key = `${String(sha256)}:${String(page_no)}`
    flags.set(key, [...(flags.get(key) ?? []), Object.values(flag).map(text).join('/')])
  }
  const rows = db
    .prepare(
      `SELECT d.sha256, p.page_no, p.text, p.layout, p.decision, p.status, t.layout AS layer
       FROM pages p JOIN documents d ON d.id = p.document_id
       LEFT JOIN text_layers t ON t.document_id = p.document_id AND t.page_no = p.page_no`
    )
    .all() as Record<string, unknown>[]
  return new Map(
    rows.map(({ sha256, page_no, ...page }) => {
      const key = `${String(sha256)}:${String(page_no)}`
      // Flags in a set's order: the engines sort text differently.
      const record = [...Object.values(page).map(text), ...(flags.get(key) ?? []).sort()]
      return [key, record.join('\n')]
    })
  )
}

async function workersRun(url: string): Promise<number> {
  const started = Date.now()
  recto(['ingest', '--queue', ...cascade, '--db', url, ...inputs])
  const workers = Array.from({ length: Number(values.workers) }, () =>
    spawn(process.execPath, ['bin/recto.js', 'worker', '--db', url, '--workers', '1', ...cascade], {
      stdio: ['ignore', 'ignore', 'inherit']
    })
  )
  const db = openDatabase(url)
  const waiting = db.prepare(
    `SELECT count(*) FROM pgboss.job WHERE name LIKE 'recto-%' AND state < 'completed'`
  )
  while ((waiting.pluck().get() as number) > 0) await new Promise((r) => setTimeout(r, 200))
  const seconds = (Date.now() - started) / 1000
  db.close()
  for (const worker of workers) worker.kill('SIGTERM')
  await Promise.all(workers.map((worker) => once(worker, 'exit')))
  return seconds
}

const found = postgresBin()
if ('missing' in found) throw new Error(found.missing)
const cluster = startCluster(found.bin)
const dir = mkdtempSync(join(tmpdir(), 'recto-bench-workers-'))
try {
  const admin = new PgDatabase(cluster.url('postgres'))
  admin.exec('CREATE DATABASE bench')
  admin.close()
  const url = cluster.url('bench')
  const file = join(dir, 'review.sqlite')
  const started = Date.now()
  recto(['ingest', ...cascade, '--db', file, ...inputs])
  const sqliteSeconds = (Date.now() - started) / 1000
  const workersSeconds = await workersRun(url)

  const sqlite = openDatabase(file)
  const postgres = openDatabase(url)
  const expected = pageRecords(sqlite)
  const got = pageRecords(postgres)
  const identical = [...expected].filter(([key, record]) => got.get(key) === record).length
  const documents = (db: ReadableDB) => db.prepare('SELECT count(*) FROM documents').pluck().get()
  console.log(`run                        documents  pages  wall time`)
  console.log(
    `SQLite recto ingest${values.ocr ? ' --ocr' : '      '}  ${String(documents(sqlite)).padStart(9)}  ${String(expected.size).padStart(5)}  ${sqliteSeconds.toFixed(1)} s`
  )
  console.log(
    `${values.workers} recto workers${values.ocr ? ' --ocr' : '      '}      ${String(documents(postgres)).padStart(9)}  ${String(got.size).padStart(5)}  ${workersSeconds.toFixed(1)} s`
  )
  console.log(`identical pages: ${identical} of ${expected.size}`)
  for (const [key] of [...expected].filter(([k, r]) => got.get(k) !== r).slice(0, 10)) {
    console.log(`  differs: ${key}`)
  }
  sqlite.close()
  postgres.close()
} finally {
  rmSync(dir, { recursive: true, force: true })
  cluster.stop()
}
