// Where the wall time of an ingest goes, worker by worker: the engine's ingest of a folder (as
// ingest-run.js runs it) with each document's moments noted on the main thread (a worker takes
// it, the file is opened, every page is extracted, the pass ends) and the run's own (imports
// loaded, first document started, last document's pass done, the ingest returned, the pool and
// the project closed). A worker is busy from its document's start to its pass's end and idle
// otherwise; the idle time is split into before its first document, between documents, and after
// its last. What the process's cores could do at best is its CPU over every core.
//   node scripts/bench/timeline.js <folder> <project file> [--workers N] [--unverified] [--json]
import { availableParallelism } from 'node:os'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { performance } from 'node:perf_hooks'
import { DEFAULT_POOL, ingest } from '../../out/src-main/jobs/ingest.js'
import { ExtractionPool } from '../../out/src-main/jobs/pool.js'
import { openDatabase } from '../../out/src-main/store/open.js'

const loaded = performance.now()
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    workers: { type: 'string' },
    unverified: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false }
  }
})
const [folder, dbFile] = positionals
const workers = Number(values.workers ?? availableParallelism())

/** Each document's moments, in ms since the process started. */
const documents = []

class TimedPool extends ExtractionPool {
  async ingest(job, handlers) {
    const at = { name: basename(job.path), pages: 0 }
    documents.push(at)
    const outcome = await super.ingest(job, {
      onStarted: () => {
        at.started = performance.now()
        handlers.onStarted()
      },
      onOpened: (reply) => {
        at.opened = performance.now()
        handlers.onOpened(reply)
      },
      onPage: (reply) => {
        at.pages++
        handlers.onPage(reply)
      },
      onExtracted: () => {
        at.extracted = performance.now()
        handlers.onExtracted()
      },
      onAnalysis: (reply) => {
        handlers.onAnalysis(reply)
        at.done = performance.now()
      },
      onReadingBack: (readers) => handlers.onReadingBack?.(readers)
    })
    // The pass ends with its last page's analysis stored. Noted after the await, the end would
    // come after the pool has handed the worker its next document: the lanes would overlap.
    at.done ??= performance.now()
    if (values.unverified && outcome.ok) return { ...outcome, toVerify: 0 }
    at.toVerify = outcome.ok ? outcome.toVerify : 0
    return outcome
  }
}

/**
 * Each live thread of this process, from Linux's /proc: seconds on a core, seconds ready but
 * waiting for one (the machine's other work), and seconds since it started. What is left of its
 * life beyond the first two it slept: waiting for work, which is the idle time a schedule can win.
 */
function threadTimes() {
  const ticks = 100
  const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0])
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const [run, wait] = readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19])
      const life = uptime - startTicks / ticks
      return [{ main: Number(tid) === process.pid, run: run / 1e9, wait: wait / 1e9, life }]
    } catch {
      return []
    }
  })
}

for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true })
const db = openDatabase(dbFile)
const pool = new TimedPool({
  ...DEFAULT_POOL,
  workers,
  dbPath: db.name,
  readBack: !values.unverified
})
const elu = performance.eventLoopUtilization()
const begun = performance.now()
const summary = await ingest(db, [folder], {
  pool,
  onFile: (outcome) => {
    const at = documents.find((d) => outcome.path.endsWith(d.name))
    if (at) at.reported = performance.now()
  }
})
const returned = performance.now()
const threads = threadTimes()
await pool.close()
const poolClosed = performance.now()
db.close()
const dbClosed = performance.now()
const mainBusy = performance.eventLoopUtilization(elu)

const started = documents
  .filter((d) => d.started !== undefined)
  .sort((a, b) => a.started - b.started)
// The pool frees a worker before this script sees its document end, so the worker that takes a
// document is the one whose last document ended first: at most `workers` run at once.
const laneEnds = Array.from({ length: workers }, () => 0)
for (const d of started) {
  d.lane = laneEnds.indexOf(Math.min(...laneEnds))
  laneEnds[d.lane] = d.done
}
const firstStart = Math.min(...started.map((d) => d.started))
const lastDone = Math.max(...started.map((d) => d.done))
const laneStats = Array.from({ length: workers }, (_, lane) => {
  const mine = started.filter((d) => d.lane === lane)
  const busy = mine.reduce((sum, d) => sum + d.done - d.started, 0)
  const first = mine[0]?.started ?? returned
  const last = mine.at(-1)?.done ?? begun
  return {
    lane,
    documents: mine.length,
    pages: mine.reduce((sum, d) => sum + d.pages, 0),
    busy,
    idleBefore: first - begun,
    idleBetween: last - first - busy,
    idleAfter: returned - last
  }
})
const longest = [...started].sort((a, b) => b.done - b.started - (a.done - a.started))[0]
const others = threads.filter((t) => !t.main).sort((a, b) => b.run - a.run)
const sched = (t) => ({ run: t.run, wait: t.wait, slept: t.life - t.run - t.wait })
const background = others.slice(workers)
const usage = process.resourceUsage()
const result = {
  workers,
  verified: !values.unverified,
  pages: summary.pages,
  ms: {
    importsLoaded: loaded,
    ingestCalled: begun,
    firstDocumentStarted: firstStart,
    lastDocumentDone: lastDone,
    ingestReturned: returned,
    poolClosed,
    projectClosed: dbClosed
  },
  lanes: laneStats,
  longest: {
    name: longest.name,
    pages: longest.pages,
    started: longest.started,
    extractMs: longest.extracted - longest.started,
    passMs: longest.done - longest.extracted,
    ms: longest.done - longest.started
  },
  mainThreadBusyMs: mainBusy.active,
  threads: {
    main: sched(threads.find((t) => t.main)),
    workers: others.slice(0, workers).map(sched),
    background: {
      run: background.reduce((sum, t) => sum + t.run, 0),
      wait: background.reduce((sum, t) => sum + t.wait, 0)
    }
  },
  cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000
}

const s = (ms) => (ms / 1000).toFixed(2).padStart(6)
if (values.json) console.log(JSON.stringify(result))
else {
  const m = result.ms
  console.log(
    `${workers} worker(s), ${values.unverified ? 'unverified' : 'verified'}, ${result.pages} pages`
  )
  console.log(`  process start -> imports loaded        ${s(m.importsLoaded)} s`)
  console.log(
    `  ingest called -> first document start  ${s(m.firstDocumentStarted - m.ingestCalled)} s`
  )
  console.log(
    `  first start -> last document's pass    ${s(m.lastDocumentDone - m.firstDocumentStarted)} s`
  )
  console.log(
    `  last pass -> ingest returned (verify)  ${s(m.ingestReturned - m.lastDocumentDone)} s`
  )
  console.log(`  pool closed                            ${s(m.poolClosed - m.ingestReturned)} s`)
  console.log(`  project closed                         ${s(m.projectClosed - m.poolClosed)} s`)
  console.log(`  total to here                          ${s(m.projectClosed)} s`)
  for (const l of result.lanes) {
    console.log(
      `  worker ${l.lane}: ${String(l.documents).padStart(3)} docs ${String(l.pages).padStart(4)} pages, ` +
        `busy ${s(l.busy)} s, idle before ${s(l.idleBefore)}, between ${s(l.idleBetween)}, after ${s(l.idleAfter)} s`
    )
  }
  const g = result.longest
  console.log(
    `  longest: ${g.name} (${g.pages} pages) from ${s(g.started)} s: extract ${s(g.extractMs)} s, pass ${s(g.passMs)} s`
  )
  console.log(
    `  main thread busy ${s(result.mainThreadBusyMs)} s; process CPU ${s(result.cpuMs)} s`
  )
  for (const d of started.filter((d) => d.toVerify > 0)) {
    console.log(
      `  verified: ${d.name} (${d.pages} pages, ${d.toVerify} to read back): pass done ` +
        `${s(d.done)} s, reported ${s(d.reported)} s`
    )
  }
  const t = (x) => `ran ${x.run.toFixed(2)} s, waited for a core ${x.wait.toFixed(2)} s`
  const th = result.threads
  console.log(
    `  threads to the ingest's return: main ${t(th.main)}, slept ${th.main.slept.toFixed(2)} s`
  )
  for (const w of th.workers) console.log(`    worker ${t(w)}, slept ${w.slept.toFixed(2)} s`)
  console.log(`    V8 and libuv background threads ${t(th.background)}`)
}
