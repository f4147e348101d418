// Mutation fuzzing of the ingest: `npm run fuzz -- --minutes N [--seed S] [--out DIR]`.
// Mutants of the corpus PDFs (bit flips, truncation, duplicated and deleted objects, huge
// numbers, deep nesting, broken streams, decompression bombs and hostile structures) go through
// the real ingest: the worker pool with its per-document limits. Every crash, time-limit hit,
// unclear error, worker that never came back or uncaught exception is printed and its input
// saved (outside the repository) with how to make it again. Exit 1 when anything was found.
import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { FINDING_KINDS, runFuzz } from './fuzz/campaign.js'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
    workers: { type: 'string' },
    corpus: { type: 'string' }
  }
})
const minutes = Number(values.minutes ?? 1)
const seed = values.seed === undefined ? Date.now() % 1_000_000 : Number(values.seed)
if (!(minutes > 0) || !Number.isInteger(seed)) {
  process.stderr.write('usage: npm run fuzz -- --minutes N [--seed S] [--out DIR] [--workers N]\n')
  process.exit(2)
}
const repo = fileURLToPath(new URL('..', import.meta.url))
const corpus = resolve(values.corpus ?? join(repo, '..', 'shared', 'corpus', 'pdf'))
const sources = readdirSync(corpus)
  .filter((name) => /\.pdf$/i.test(name))
  .sort()
  .map((name) => join(corpus, name))
const workDir = resolve(values.out ?? join(tmpdir(), `recto-fuzz-${seed}`))
process.stderr.write(
  `fuzz: seed ${seed}, ${minutes} min, ${sources.length} sources, into ${workDir}\n`
)

const started = Date.now()
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
