// Fuzzing: `npm run fuzz -- [--mode pool|pdf|stored] --minutes N [--seed S] [--out DIR]`
// (pool: [--workers N], two by default; pdf and stored: [--jobs N] runs at once, two by default).
//
// pool (the default): mutants of the corpus PDFs (bit flips, truncation, duplicated and deleted
// objects, huge numbers, deep nesting, broken streams, decompression bombs and hostile
// structures) go through the real ingest: the worker pool with its per-document limits. Every
// crash, time-limit hit, unclear error, worker that never came back or uncaught exception is
// printed and its input saved (outside the repository) with how to make it again.
//
// pdf and stored: coverage-guided fuzzing in this machine's processes with Jazzer.js (libFuzzer):
// pdf feeds PDF bytes, seeded from the corpus, through extraction, analysis, the store and the
// text and JSONL exports; stored feeds bytes to the stored-layout decoder and, as JSON, to the
// API's input validation. A finding's input is saved under test/fuzz-regressions/<mode>/, which
// `npm test` replays. Exit 1 when anything was found.
import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { FINDING_KINDS, runFuzz } from './fuzz/campaign.js'
import { fuzzWithJazzer } from './fuzz/jazzer-run.js'
import { JAZZER_TARGETS, isJazzerMode } from './fuzz/jazzer-targets.js'
import { writePdfSeeds, writeStoredSeeds } from './fuzz/seeds.js'

const { values } = parseArgs({
  options: {
    mode: { type: 'string' },
    minutes: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
    workers: { type: 'string' },
    jobs: { type: 'string' },
    corpus: { type: 'string' }
  }
})
const mode = values.mode ?? 'pool'
const minutes = Number(values.minutes ?? 1)
const seed = values.seed === undefined ? Date.now() % 1_000_000 : Number(values.seed)
if (!(minutes > 0) || !Number.isInteger(seed) || (mode !== 'pool' && !isJazzerMode(mode))) {
  process.stderr.write(
    'usage: npm run fuzz -- [--mode pool|pdf|stored] --minutes N [--seed S] [--out DIR] [--workers N] [--jobs N]\n'
  )
  process.exit(2)
}
const repo = fileURLToPath(new URL('..', import.meta.url))
const corpus = resolve(values.corpus ?? join(repo, '..', 'shared', 'corpus', 'pdf'))
const sources = readdirSync(corpus)
  .filter((name) => /\.pdf$/i.test(name))
  .sort()
  .map((name) => join(corpus, name))
if (isJazzerMode(mode)) {
  const target = JAZZER_TARGETS[mode]
  const workDir = resolve(values.out ?? join(tmpdir(), `recto-jazzer-${mode}`))
  const seeds: string[] = []
  if (mode === 'pdf') {
    const dir = join(workDir, 'seeds')
    const names = writePdfSeeds(sources, dir, { maxBytes: target.maxLen, maxMs: 60 })
    process.stderr.write(
      `fuzz: ${names.length} seeds of ${sources.length} corpus PDFs: ${names.join(', ')}\n`
    )
    seeds.push(dir)
  } else {
    const dir = join(workDir, 'seeds')
    process.stderr.write(`fuzz: ${writeStoredSeeds(sources, dir)} seeds\n`)
    seeds.push(dir)
  }
  process.stderr.write(`fuzz: ${mode}, seed ${seed}, ${minutes} min, into ${workDir}\n`)
  // The minutes are the fuzzing's: making the seeds comes before them.
  const started = Date.now()
  const report = await fuzzWithJazzer({
    repo,
    target,
    seeds,
    workDir,
    regressionDir: join(repo, 'test', 'fuzz-regressions', mode),
    deadline: started + minutes * 60_000,
    seed,
    jobs: Number(values.jobs ?? 2),
    onLine(line) {
      if (/^#\d+\s+(pulse|INITED|DONE)|^fuzz:|^==\d+==|Error/.test(line)) {
        process.stderr.write(`${line}\n`)
      }
    }
  })
  for (const finding of report.findings) {
    process.stderr.write(`fuzz: ${finding.kind}: ${finding.detail}\n  saved ${finding.file}\n`)
  }
  process.stdout.write(
    `fuzz: ${mode}, seed ${seed}: ${report.inputs} inputs in ${Math.round((Date.now() - started) / 1000)} s over ${report.runs} runs (${report.traps} ended by a MuPDF trap); coverage ${report.coverage} edges, ${report.features} features, corpus ${report.corpus}; ${report.findings.length} findings\n`
  )
  process.exit(report.findings.length > 0 ? 1 : 0)
}

const started = Date.now()
const workDir = resolve(values.out ?? join(tmpdir(), `recto-fuzz-${seed}`))
process.stderr.write(
  `fuzz: seed ${seed}, ${minutes} min, ${sources.length} sources, into ${workDir}\n`
)
const report = await runFuzz({
  seed,
  sources,
  workDir,
  deadline: started + minutes * 60_000,
  pool: {
    workers: Number(values.workers ?? 2),
    documentTimeLimitMs: 30_000,
    pageTimeLimitMs: 15_000,
    memoryLimitMb: 1024
  },
  onResult(result) {
    if (result.saved) {
      process.stderr.write(
        `fuzz: #${result.index} ${result.verdict}: ${result.source} [${result.mutations.join(', ')}]: ${result.detail.split('\n')[0]}\n  saved ${result.saved}\n`
      )
    }
  }
})
const counts = Object.entries(report.byVerdict)
  .map(([verdict, n]) => `${verdict} ${n}`)
  .join(', ')
process.stdout.write(
  `fuzz: seed ${seed}: ${report.tried} files in ${Math.round((Date.now() - started) / 1000)} s (${counts}); ${report.findings.length} findings (${FINDING_KINDS.join(', ')} count)\n`
)
process.exit(report.findings.length > 0 ? 1 : 0)
