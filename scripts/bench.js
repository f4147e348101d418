// The ingest against its baselines, every number measured in this one run:
//   npm run bench [-- <folder of PDFs>] [--rounds 3] [--pages 2000] [--compare <other checkout>]
// 0. Start-up: `recto --help` and `recto text` of one page beside `node -e 0` and pdftotext.
// 1. The folder (default ../shared/corpus/pdf) as whole processes, alternated round by round and
//    the median kept: PyMuPDF get_text(sort=True) (Debian python3-fitz), a bare mupdf.js
//    toStructuredText loop, `recto ingest` with its default workers, with one and (on more than
//    two cores) with two, printed as a curve (and, with --compare, the other checkout's
//    `recto ingest` with its default workers and one, in the same rounds); and the engine's
//    ingest with glyph verification and without (bench/ingest-run.js), for what it costs; and one
//    bare loop per core at once, for what the machine itself gives beside the curve.
//    Then the same ingest with one worker, two and one per core, CPU by thread (thread-cpu.js).
// 2. A generated set of --pages text pages the same way (one round); then `recto ingest` of 10,000
//    generated pages for its peak RSS.
// 3. CPU per page of each stage on one thread (stages.js); what the whole process spends beyond
//    them is pool overhead and start-up (an ingest of a one-page file). Then MuPDF's own share:
//    the further readings extraction asks for against the loop's (second-readings.js), and what
//    the 2.0x target leaves of the loop's CPU for everything else.
// 4. Page open through the API (page-open-latency.ts) on the project of part 1, idle and while the
//    same backend ingests the 10,000 generated pages; and the review queue at 100,000 pages
//    (bench-queue.ts).
// 5. OCR: pages a minute with both cores busy and CER, Recto beside OCRmyPDF (Debian's
//    `ocrmypdf`) on the same --ocr-pages generated scans (bench-ocr.ts).
// Wall-clock moves with whatever else the machine runs; CPU time does not, so both are shown, and
// "cores" (CPU over wall) says how much of the machine a run got.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { writeGeneratedSet } from './bench/generated-set.js'
import {
  engineIngest,
  mupdfLoop,
  parallelLoops,
  pymupdf,
  rectoIngest,
  tsxJson
} from './bench/processes.js'
import { STAGES, stageCosts } from './bench/stages.js'
import { startupTimes } from './bench/startup.js'
import { secondReadings } from './bench/second-readings.js'
import { threadCpu, threadCpuAvailable } from './bench/thread-cpu.js'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '3' },
    pages: { type: 'string', default: '2000' },
    'ocr-pages': { type: 'string', default: '8' },
    compare: { type: 'string' }
  }
})
const repo = fileURLToPath(new URL('..', import.meta.url))
const folder = resolve(positionals[0] ?? join(repo, '..', 'shared', 'corpus', 'pdf'))
const rounds = Number(values.rounds)
const generatedPages = Number(values.pages)
// Another checkout of Recto, built (`npm run build`), whose ingest runs in the same rounds: a
// before and after measured side by side, since separate runs on a shared machine differ more
// than most changes do.
const compare = values.compare === undefined ? undefined : resolve(values.compare)
const PAGES_PER_FILE = 100
const RSS_PAGES = 10_000
const QUEUE_PAGES = 100_000
// PyMuPDF is the baseline every ingest ratio is printed against: without it, say so before the
// minutes of runs, not in a stack trace after them.
if (spawnSync('/usr/bin/python3', ['-c', 'import fitz']).status !== 0) {
  process.stderr.write(
    'npm run bench: PyMuPDF, its baseline, is not installed (Debian: apt-get install python3-fitz)\n'
  )
  process.exit(1)
}
const dir = mkdtempSync(join(tmpdir(), 'recto-bench-'))

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]
const medianRun = (runs) => ({
  seconds: median(runs.map((r) => r.seconds)),
  cpuMs: median(runs.map((r) => r.cpuMs)),
  maxRssKb: Math.max(...runs.map((r) => r.maxRssKb))
})
const pdfCount = (dir) => readdirSync(dir).filter((n) => /\.pdf$/i.test(n)).length

/**
 * Worker counts of the scaling curve beside the default (one per core) and one: two, where the
 * machine has more cores than that.
 */
const CURVE = availableParallelism() > 2 ? [2] : []

/** The whole-process runs over `inputFolder`, `n` alternated rounds, medians. */
async function wholeProcesses(inputFolder, n, db) {
  const runs = { pymupdf: [], mupdf: [], recto: [], recto1: [], verified: [], unverified: [] }
  const machine = []
  for (const workers of CURVE) runs[`recto${workers}`] = []
  if (compare) Object.assign(runs, { other: [], other1: [] })
  let pages = 0
  for (let r = 0; r < n; r++) {
    const py = pymupdf(inputFolder)
    runs.pymupdf.push(py)
    const bare = mupdfLoop(inputFolder)
    runs.mupdf.push(bare)
    const loops = await parallelLoops(inputFolder, availableParallelism())
    machine.push((availableParallelism() * bare.seconds) / loops.seconds)
    runs.recto.push(rectoIngest([inputFolder], db))
    runs.recto1.push(rectoIngest([inputFolder], `${db}-w1`, 1))
    // Verification's share of the ingest: the same engine run with it and without, side by side.
    runs.verified.push(engineIngest(inputFolder, `${db}-verified`, true))
    runs.unverified.push(engineIngest(inputFolder, `${db}-unverified`, false))
    for (const workers of CURVE) {
      runs[`recto${workers}`].push(rectoIngest([inputFolder], `${db}-w${workers}`, workers))
    }
    if (compare) {
      runs.other.push(rectoIngest([inputFolder], `${db}-other`, undefined, compare))
      runs.other1.push(rectoIngest([inputFolder], `${db}-other-w1`, 1, compare))
    }
    if (py.pages !== bare.pages) {
      throw new Error(`PyMuPDF read ${py.pages} pages, MuPDF ${bare.pages}`)
    }
    pages = py.pages
  }
  return {
    pages,
    machine: median(machine),
    ...Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, medianRun(v)]))
  }
}

/**
 * No run is faster than its CPU time spread evenly over every core: at the default ingest's CPU,
 * that is the least wall time this machine allows, hence the lowest ratio to PyMuPDF and the
 * highest speed-up over one worker (whose run already keeps more than one core busy with V8's
 * compiler and GC threads and the main thread) that scheduling alone could reach.
 */
function cpuBound(result) {
  const floor = result.recto.cpuMs / 1000 / availableParallelism()
  return (
    `${'  its CPU over every core'.padEnd(36)}${floor.toFixed(2).padStart(8)} s: at best ` +
    `${(floor / result.pymupdf.seconds).toFixed(2)}x PyMuPDF, ` +
    `${(result.recto1.seconds / floor).toFixed(2)}x faster than 1 worker`
  )
}

/**
 * What glyph verification adds to an ingest, as whole processes (the bench's switch in
 * ingest-run.js): CPU a page, and the fall in throughput it is, CPU over CPU (wall times on a
 * shared machine differ more between runs than verification costs).
 */
function verificationShare(result) {
  const { verified, unverified, pages } = result
  const added = verified.cpuMs - unverified.cpuMs
  return (
    `${'  verification adds'.padEnd(36)}${(added / pages).toFixed(2)} CPU ms/page, ` +
    `${((100 * added) / unverified.cpuMs).toFixed(1)}% of the ingest's CPU ` +
    `(throughput at ${((100 * unverified.cpuMs) / verified.cpuMs).toFixed(1)}%)`
  )
}

/** Speed-up over one worker at each count of the curve, and CPU a page beside it. */
function curve(result) {
  const points = [
    [1, result.recto1],
    ...CURVE.map((workers) => [workers, result[`recto${workers}`]]),
    [availableParallelism(), result.recto]
  ]
  const point = ([workers, run]) =>
    `${workers}: ${(result.recto1.seconds / run.seconds).toFixed(2)}x ` +
    `(${(run.cpuMs / result.pages).toFixed(1)} CPU ms/p)`
  return [
    `${'workers vs 1 (wall)'.padEnd(36)}${points.map(point).join(', ')}`,
    // What the machine gave in the same rounds: on shared cores the curve follows the load.
    `${'  the machine: loops at once vs one'.padEnd(36)}${result.machine.toFixed(2)}x ` +
      `(${availableParallelism()} bare loops at once, each over the whole folder)`
  ]
}

function table(title, result) {
  const base = result.pymupdf
  const row = (label, run) =>
    label.padEnd(36) +
    run.seconds.toFixed(2).padStart(8) +
    (result.pages / run.seconds).toFixed(0).padStart(7) +
    (run.cpuMs / result.pages).toFixed(2).padStart(9) +
    (run.cpuMs / 1000 / run.seconds).toFixed(2).padStart(7) +
    `${(run.maxRssKb / 1024).toFixed(0)} MB`.padStart(9) +
    `${(run.seconds / base.seconds).toFixed(2)}x`.padStart(9) +
    `${(run.cpuMs / base.cpuMs).toFixed(2)}x`.padStart(9)
  return [
    title,
    `${''.padEnd(36)}  wall s    p/s  CPU ms/p  cores  peak RSS  x wall   x CPU  (x: to PyMuPDF)`,
    row('PyMuPDF get_text(sort=True)', result.pymupdf),
    row('mupdf.js toStructuredText loop', result.mupdf),
    row(`recto ingest (${availableParallelism()} workers, default)`, result.recto),
    row('recto ingest --workers 1', result.recto1),
    ...CURVE.map((workers) => row(`recto ingest --workers ${workers}`, result[`recto${workers}`])),
    row('engine ingest, verification on', result.verified),
    row('engine ingest, verification off', result.unverified),
    verificationShare(result),
    ...curve(result),
    cpuBound(result),
    ...(result.other
      ? [
          `--compare ${compare}:`,
          row('  recto ingest (default workers)', result.other),
          row('  recto ingest --workers 1', result.other1),
          `${'  default workers vs 1'.padEnd(36)}${(result.other1.seconds / result.other.seconds).toFixed(2)}x faster (wall)`
        ]
      : [])
  ]
}

try {
  // Each part is printed as soon as it is measured: the whole bench takes minutes.
  const print = (...lines) => console.log(lines.join('\n'))
  print(
    `recto bench: ${availableParallelism()} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the start; whole processes, start-up included`
  )
  const one = join(dir, 'one-page')
  writeGeneratedSet(one, 1, 1)
  const onePage = join(one, readdirSync(one)[0])
  const startup = startupTimes(onePage, Math.max(rounds, 5))
  const nodeAlone = startup[0][1]
  print(
    '',
    `start-up from the shell, median of ${Math.max(rounds, 5)} alternated runs`,
    ...startup.map(
      ([label, s]) =>
        `  ${label.padEnd(34)}${s.toFixed(3).padStart(8)} s  ${(s / nodeAlone).toFixed(1).padStart(5)}x node -e 0`
    ),
    ...(startup.some(([label]) => label.startsWith('pdftotext'))
      ? []
      : ['  pdftotext: not installed, no comparison (Debian: apt-get install poppler-utils)'])
  )

  const corpusDb = join(dir, 'corpus.sqlite')
  const corpus = await wholeProcesses(folder, rounds, corpusDb)
  print(
    '',
    ...table(
      `${folder}: ${pdfCount(folder)} files, ${corpus.pages} pages, median of ${rounds} alternated rounds`,
      corpus
    )
  )

  // Where a second worker's CPU goes: the corpus once more with one worker and with every core,
  // CPU by thread.
  if (threadCpuAvailable()) {
    const counts = [...new Set([1, 2, availableParallelism()])]
    const byThread = []
    for (const workers of counts) {
      const t = await threadCpu(folder, join(dir, `threads-${workers}.sqlite`), workers)
      byThread.push(
        `  ${`${workers} worker${workers === 1 ? '' : 's'}`.padEnd(34)}` +
          `workers ${t.workers.map((s) => s.toFixed(2)).join(' + ')}, main ${t.main.toFixed(2)}, ` +
          `V8 and libuv background ${t.background.toFixed(2)}, total ${t.total.toFixed(2)}`
      )
    }
    print('', `CPU s by thread, recto ingest of ${folder} (/proc, one run each)`, ...byThread)
  }

  const generated = join(dir, 'generated')
  const made = writeGeneratedSet(
    generated,
    Math.ceil(generatedPages / PAGES_PER_FILE),
    PAGES_PER_FILE
  )
  const gen = await wholeProcesses(generated, 1, join(dir, 'generated.sqlite'))
  if (gen.pages !== made) throw new Error(`generated ${made} pages, read ${gen.pages}`)
  print(
    '',
    ...table(`generated set: ${pdfCount(generated)} files, ${gen.pages} pages, one round`, gen)
  )

  const large = join(dir, 'large')
  const largePages = writeGeneratedSet(large, RSS_PAGES / PAGES_PER_FILE, PAGES_PER_FILE)
  const largeRun = rectoIngest([large], join(dir, 'large.sqlite'))
  print(
    `${`recto ingest of ${largePages} generated pages`.padEnd(36)}` +
      `${largeRun.seconds.toFixed(2).padStart(8)} s, ${(largePages / largeRun.seconds).toFixed(0)} p/s, ` +
      `${(largeRun.cpuMs / largePages).toFixed(2)} CPU ms/p, peak RSS ${(largeRun.maxRssKb / 1024).toFixed(0)} MB`
  )

  const startups = Array.from({ length: rounds }, (_, r) =>
    rectoIngest([one], join(dir, `one-${r}.sqlite`))
  )
  const ingestStartup = medianRun(startups)
  const stages = await stageCosts(folder, join(dir, 'stages.sqlite'))
  const inStages = STAGES.reduce((sum, s) => sum + stages.ms[s], 0)
  const pool = (corpus.recto1.cpuMs - ingestStartup.cpuMs) / corpus.pages - inStages
  print(
    '',
    `stages, CPU ms/page over the ${stages.pages} pages of ${folder} (one thread, no pool)`,
    ...STAGES.map((s) => `  ${s.padEnd(34)}${stages.ms[s].toFixed(2).padStart(8)}`),
    `  ${'pool overhead (--workers 1 - stages)'.padEnd(34)}${pool.toFixed(2).padStart(8)}` +
      // Two separate runs subtracted: below zero, they differ by more than the pool costs.
      (pool < 0 ? '  (within what two runs differ by)' : ''),
    `  ${'start-up (ingest of a 1-page file)'.padEnd(34)}${ingestStartup.seconds.toFixed(2).padStart(8)} s wall, ` +
      `${(ingestStartup.cpuMs / 1000).toFixed(2)} s CPU`,
    // Beside the ingest's own CPU a page: what verification adds to every ingest.
    `  verification read back ${stages.readBack.fonts} fonts of ${stages.readBack.documents} files, ` +
      `${stages.readBack.lines} lines of OCR: ${stages.ms.verify.toFixed(2)} ms/page, ` +
      `${((100 * stages.ms.verify) / (corpus.recto1.cpuMs / corpus.pages)).toFixed(0)}% of the ` +
      `CPU a page of recto ingest --workers 1 costs (${(corpus.recto1.cpuMs / corpus.pages).toFixed(2)} ms)`
  )
  // MuPDF's own share of an ingest, which no speed-up of Recto's JS lowers: the loop's reading of
  // every page and the further readings extraction asks for. At the 2.0x target, what is left of
  // the loop's CPU a page for all the rest (JS stages, encoding, messages, the main thread, V8's
  // background threads, verification), beside what the ingest spends on it now.
  const further = secondReadings(folder)
  const loop = corpus.mupdf.cpuMs / corpus.pages
  const mupdfShare = loop * (1 + further.ratio)
  print(
    `  ${'MuPDF readings beyond the loop'.padEnd(34)}${String(further.readings).padStart(8)} ` +
      `on ${further.pages} pages, ${further.ratio.toFixed(2)}x the CPU of the loop's readings`,
    `  at 2.0x the loop, all but MuPDF may take ${(2 * loop - mupdfShare).toFixed(2)} ms/page; ` +
      `recto ingest --workers 1 spends ${(corpus.recto1.cpuMs / corpus.pages - mupdfShare).toFixed(2)} on it`
  )

  const open = tsxJson('scripts/page-open-latency.ts', ['--db', corpusDb, '--json'])
  const ms = (p) => `p50 ${p.p50.toFixed(1).padStart(6)} ms  p95 ${p.p95.toFixed(1).padStart(6)} ms`
  print(
    '',
    `page open through the API, ${open.pages} pages of the project above (${open.failed} failed)`,
    `  ${'layout + flags (pages.get)'.padEnd(34)}${ms(open.get)}`,
    `  ${'image (pages.image, scale 2)'.padEnd(34)}${ms(open.image)}`,
    `  ${'page open (both)'.padEnd(34)}${ms(open.open)}`
  )
  // The same pages again while the backend ingests the 10,000 generated pages.
  const busy = tsxJson('scripts/page-open-latency.ts', [
    '--db',
    corpusDb,
    '--json',
    '--during',
    large
  ])
  print(
    `  ${'page open, the backend ingesting'.padEnd(34)}${ms(busy.open)}` +
      `  (${busy.pages} opens during its ingest of ${largePages} pages)`
  )

  const queue = tsxJson('scripts/bench-queue.ts', [
    String(QUEUE_PAGES),
    join(dir, 'queue.sqlite'),
    '--json'
  ])
  print(
    '',
    `review queue at ${queue.pages} pages, slowest over the filters`,
    `  ${'first screen (50)'.padEnd(34)}${queue.first.toFixed(2).padStart(8)} ms`,
    `  ${'next screen (50)'.padEnd(34)}${queue.next.toFixed(2).padStart(8)} ms`,
    `  ${'count'.padEnd(34)}${queue.count.toFixed(2).padStart(8)} ms`
  )

  const ocr = tsxJson('scripts/bench-ocr.ts', ['--pages', values['ocr-pages'], '--json'])
  const ocrRow = (label, run) =>
    `  ${label.padEnd(34)}${run.seconds.toFixed(1).padStart(8)}` +
    `${run.pagesPerMinute.toFixed(1).padStart(12)}${(run.cer * 100).toFixed(2).padStart(9)}%`
  print(
    '',
    `OCR of ${ocr.pages} generated scans (100 dpi grey JPEG, English), both cores busy, start-up included`,
    `  ${''.padEnd(34)}  wall s   pages/min      CER`,
    ocrRow('recto text --ocr (2 processes)', ocr.recto),
    ocr.ocrmypdf
      ? ocrRow(`ocrmypdf --jobs 2 (${ocr.ocrmypdf.version})`, ocr.ocrmypdf)
      : '  ocrmypdf: not installed, no comparison (Debian: apt-get install ocrmypdf)'
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
