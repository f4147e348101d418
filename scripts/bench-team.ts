// The team load bench: N simulated reviewers over HTTP claim, read and approve every page of a
// project in PostgreSQL through one `recto serve`, now and then trying to save a page another
// holds and walking away from theirs until its lease lapses; prints whether any acknowledged
// edit is missing, whether any of those saves went through, and the claim and save latencies.
//   npm run bench:team -- [--reviewers 20] [--pages 2000] [--db postgres://…an empty database]
// Without --db it starts a throwaway PostgreSQL cluster (Debian's server) and removes it after.
import { spawn } from 'node:child_process'
import { parseArgs } from 'node:util'
import { claimNext } from '../src-main/store/claims.js'
import { addDocument } from '../src-main/store/documents.js'
import { openDatabase } from '../src-main/store/open.js'
import { savePage } from '../src-main/store/pages.js'
import { PgDatabase } from '../src-main/store/postgres/pg-database.js'
import { addUser } from '../src-main/store/users.js'
import { postgresBin, startCluster } from '../test/helpers/postgres-cluster.js'
import { storedPage, syntheticAnalysis, syntheticLayout } from '../test/helpers/store-pages.js'

const { values } = parseArgs({
  options: {
    reviewers: { type: 'string', default: '20' },
    pages: { type: 'string', default: '2000' },
    db: { type: 'string' }
  }
})
const REVIEWERS = Number(values.reviewers)
const PAGES = Number(values.pages)
const PAGES_PER_DOCUMENT = 100
const PASSWORD = 'bench password'

function database(): { url: string; stop: () => void } {
  if (values.db) return { url: values.db, stop: () => undefined }
  const found = postgresBin()
  if ('missing' in found) throw new Error(found.missing)
  const cluster = startCluster(found.bin)
  const admin = new PgDatabase(cluster.url('postgres'))
  admin.exec('CREATE DATABASE bench')
  admin.close()
  return { url: cluster.url('bench'), stop: cluster.stop }
}

function fill(url: string): void {
  const db = openDatabase(url)
  db.transaction(() => {
    for (let d = 0; d * PAGES_PER_DOCUMENT < PAGES; d++) {
      const sha = d.toString(16).padStart(64, '0')
      const doc = addDocument(db, { sha256: sha, path: `/b/${d}.pdf`, name: `${d}.pdf`, bytes: 1 })
      for (let n = 1; n <= Math.min(PAGES_PER_DOCUMENT, PAGES - d * PAGES_PER_DOCUMENT); n++) {
        const layout = syntheticLayout(n, [`Document ${d} page ${n}`, 'Body text of the page.'])
        const page = storedPage(layout, syntheticAnalysis(layout), `Document ${d} page ${n}`)
        savePage(db, doc.document.id, page)
      }
    }
    for (let r = 0; r < REVIEWERS; r++) {
      addUser(db, { name: `r${r}`, role: 'reviewer', password: PASSWORD })
    }
  })()
  db.close()
}

/**
 * What claiming costs without HTTP, threads or other reviewers: one connection claiming the next
 * page over and over (each claim lets go of the one before), then nothing left held.
 */
function claimAlone(url: string): number[] {
  const db = openDatabase(url)
  const userId = db.prepare(`SELECT id FROM users WHERE name = 'r0'`).pluck().get() as number
  const ms: number[] = []
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now()
    claimNext(db, userId)
    ms.push(performance.now() - t0)
  }
  db.prepare('DELETE FROM claims').run()
  db.close()
  return ms
}

async function serve(url: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['bin/recto.js', 'serve', '--db', url, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit']
  })
  const origin = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const printed = /Recto is serving (http:\/\/[^/]+)\//.exec(out)
      if (printed) resolve(printed[1]!)
    })
    child.once('exit', (code) => reject(new Error(`recto serve exited (${code})`)))
  })
  // The cluster stops only once the server has closed its connections, or they fail loudly.
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  return { origin, stop: () => (child.kill('SIGTERM'), exited) }
}

type PageKey = { documentId: number; pageNo: number }
type Acked = PageKey & { reviewer: string; text: string }
/** Saves that must be refused, by whether they were: on another's page, on a lapsed lease. */
type Refusals = { refused: number; accepted: number }

/** Every how many pages a reviewer tries to save a page another holds. */
const COMPETE_EVERY = 7
/** Every how many pages a reviewer walks away from theirs until its lease lapses. */
const LAPSE_EVERY = 10

/** The pages each reviewer holds now, for the others to compete for. */
const holding = new Map<string, PageKey>()

async function reviewer(
  origin: string,
  name: string,
  lapse: (page: PageKey) => void,
  counts: { claimMs: number[]; saveMs: number[]; competed: Refusals; lapsed: Refusals }
) {
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(origin + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(body)
    })
  const login = await post('/login', { name, password: PASSWORD })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!
  const save = async (page: PageKey, text: string) => {
    const detail = (await (await post('/rpc/pages.get', page, cookie)).json()) as {
      value: { autoOrder: number[]; state: { excluded: number[] } }
    }
    const t0 = performance.now()
    const reply = await post(
      '/rpc/revisions.save',
      {
        ...page,
        order: detail.value.autoOrder,
        excluded: detail.value.state.excluded,
        blockText: {},
        pageText: text,
        status: 'approved'
      },
      cookie
    )
    counts.saveMs.push(performance.now() - t0)
    return ((await reply.json()) as { ok: boolean }).ok
  }
  const handed: PageKey[] = []
  const acked: Acked[] = []
  for (let turn = 1; ; turn++) {
    const t0 = performance.now()
    const { page } = (await (await post('/claims/next', {}, cookie)).json()) as {
      page: PageKey | null
    }
    counts.claimMs.push(performance.now() - t0)
    if (!page) return { handed, acked }
    handed.push(page)
    holding.set(name, page)
    // What another holds as far as this reviewer knows: never the page just handed to it, which
    // a lapse may have moved from that other reviewer to this one.
    const other = [...holding].find(
      ([who, held]) =>
        who !== name && (held.documentId !== page.documentId || held.pageNo !== page.pageNo)
    )?.[1]
    if (turn % COMPETE_EVERY === 0 && other) {
      // Another reviewer's page: the save must be refused, whatever its holder is doing.
      const taken = await save(other, `taken from its holder by ${name}`)
      counts.competed[taken ? 'accepted' : 'refused']++
    }
    const text = `approved by ${name}`
    if (turn % LAPSE_EVERY === 0) {
      // Away for longer than a lease: the page goes back to the queue, the save comes too late.
      lapse(page)
      counts.lapsed[(await save(page, text)) ? 'accepted' : 'refused']++
      continue
    }
    if (await save(page, text)) acked.push({ ...page, reviewer: name, text })
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

const db = database()
const server = { stop: async () => undefined } as { stop: () => Promise<void>; origin?: string }
try {
  fill(db.url)
  const aloneMs = claimAlone(db.url)
  Object.assign(server, await serve(db.url))
  const counts = {
    claimMs: [] as number[],
    saveMs: [] as number[],
    competed: { refused: 0, accepted: 0 },
    lapsed: { refused: 0, accepted: 0 }
  }
  const { claimMs, saveMs, competed, lapsed } = counts
  // A lease lapses after ten minutes without activity: the bench moves its end to the past.
  const clock = openDatabase(db.url)
  const expire = clock.prepare(
    `UPDATE claims SET expires_at = '2000-01-01T00:00:00.000Z' WHERE document_id = ? AND page_no = ?`
  )
  const lapses = new Map<string, number>()
  const lapse = (page: PageKey) => {
    const key = `${page.documentId}:${page.pageNo}`
    lapses.set(key, (lapses.get(key) ?? 0) + 1)
    expire.run(page.documentId, page.pageNo)
  }
  const started = performance.now()
  const results = await Promise.all(
    Array.from({ length: REVIEWERS }, (_, r) => reviewer(server.origin!, `r${r}`, lapse, counts))
  )
  const seconds = (performance.now() - started) / 1000
  clock.close()
  const handed = results.flatMap((r) => r.handed.map((p) => `${p.documentId}:${p.pageNo}`))
  // Handed out again only once for each time its lease lapsed.
  const times = new Map<string, number>()
  for (const key of handed) times.set(key, (times.get(key) ?? 0) + 1)
  const twice = [...times].reduce(
    (sum, [key, n]) => sum + Math.max(0, n - 1 - (lapses.get(key) ?? 0)),
    0
  )
  const acked = results.flatMap((r) => r.acked)
  const check = openDatabase(db.url)
  const find = check.prepare(
    'SELECT count(*) FROM revisions WHERE document_id = ? AND page_no = ? AND author = ? AND text = ?'
  )
  const lost = acked.filter(
    (a) => find.pluck().get(a.documentId, a.pageNo, a.reviewer, a.text) === 0
  ).length
  const approved = check
    .prepare(`SELECT count(*) FROM pages WHERE status IN ('approved', 'corrected')`)
    .pluck()
    .get()
  check.close()
  const rows: [string, string][] = [
    ['reviewers', String(REVIEWERS)],
    ['pages', String(PAGES)],
    ['pages handed out', String(handed.length)],
    ['pages handed out again while held', String(twice)],
    ['edits acknowledged', String(acked.length)],
    ['acknowledged edits lost', String(lost)],
    ["saves on another's page refused / accepted", `${competed.refused} / ${competed.accepted}`],
    ['saves on a lapsed lease refused / accepted', `${lapsed.refused} / ${lapsed.accepted}`],
    ['pages approved (text changed: corrected)', String(approved)],
    [
      'claim p50 / p95 / max (ms)',
      [50, 95, 100].map((p) => percentile(claimMs, p).toFixed(1)).join(' / ')
    ],
    [
      'claimNext alone, 1 connection p50 / p95',
      [50, 95].map((p) => percentile(aloneMs, p).toFixed(2)).join(' / ')
    ],
    ['save p50 / p95 (ms)', [50, 95].map((p) => percentile(saveMs, p).toFixed(1)).join(' / ')],
    ['wall time (s)', seconds.toFixed(1)]
  ]
  for (const [what, value] of rows) console.log(`| ${what.padEnd(40)} | ${value.padStart(22)} |`)
  const p95 = percentile(claimMs, 95)
  const ok =
    twice === 0 &&
    lost === 0 &&
    approved === PAGES &&
    p95 < 50 &&
    competed.accepted === 0 &&
    lapsed.accepted === 0 &&
    competed.refused > 0 &&
    lapsed.refused > 0
  console.log(
    ok
      ? 'bench-team: pass'
      : 'bench-team: FAIL (lost, unapproved, p95 >= 50 ms, or a save that should have been refused)'
  )
  process.exitCode = ok ? 0 : 1
} finally {
  await server.stop()
  db.stop()
}
