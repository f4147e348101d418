// Whole processes timed from outside: wall-clock here, CPU time (all threads) and peak RSS from
// inside the child, through resource-report.js for Node and the script's own report for Python.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const reporter = fileURLToPath(new URL('./resource-report.js', import.meta.url))

function run(command, args, env = {}, cwd = repo) {
  const started = performance.now()
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 28
  })
  const seconds = (performance.now() - started) / 1000
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`)
  }
  return { seconds, stdout: result.stdout }
}

/**
 * A Node script of the repository (or of the checkout `cwd`) as a whole process:
 * { seconds, cpuMs, maxRssKb, stdout }.
 */
export function node(script, args, cwd = repo) {
  const dir = mkdtempSync(join(tmpdir(), 'recto-bench-report-'))
  try {
    const report = join(dir, 'report.json')
    const timed = run(
      process.execPath,
      ['--import', reporter, script, ...args],
      { RECTO_BENCH_REPORT: report },
      cwd
    )
    return { ...timed, ...JSON.parse(readFileSync(report, 'utf8')) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** `recto ingest` of `inputs` into a fresh project file `db`, by this or another checkout. */
export function rectoIngest(inputs, db, workers, checkout = repo) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true })
  const extra = workers === undefined ? [] : ['--workers', String(workers)]
  return node('bin/recto.js', ['ingest', ...inputs, '--db', db, ...extra], checkout)
}

/**
 * The engine's ingest of a folder (ingest-run.js) into a fresh project file, with glyph
 * verification or, for the bench's comparison only, without.
 */
export function engineIngest(folder, db, verified) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true })
  const args = [folder, db, ...(verified ? [] : ['--unverified'])]
  return node('scripts/bench/ingest-run.js', args)
}

export function mupdfLoop(folder) {
  const run = node('scripts/bench/mupdf-loop.js', [folder])
  return { ...run, pages: Number(run.stdout.trim()) }
}

/**
 * `copies` bare loops over `folder` started at once, as separate processes: the wall time until
 * the last ends. Against one loop alone it is what the machine gives a job that shares nothing
 * at this moment (two loops on two free cores take as long as one), the most any number of
 * workers can gain over one while others use the same cores.
 */
export async function parallelLoops(folder, copies) {
  const started = performance.now()
  await Promise.all(
    Array.from({ length: copies }, async () => {
      const child = spawn(process.execPath, ['scripts/bench/mupdf-loop.js', folder], {
        cwd: repo,
        stdio: 'ignore'
      })
      const status = await new Promise((done) => child.on('exit', done))
      if (status !== 0) throw new Error(`mupdf-loop.js ${folder} exited ${status}`)
    })
  )
  return { seconds: (performance.now() - started) / 1000 }
}

/** Debian's python3-fitz, as `npm run eval` runs it. */
export function pymupdf(folder) {
  const timed = run('/usr/bin/python3', ['scripts/bench-pymupdf.py', folder])
  return { ...timed, ...JSON.parse(timed.stdout) }
}

/** A TypeScript script of the repository whose last stdout line is JSON. */
export function tsxJson(script, args) {
  const { stdout } = run(join(repo, 'node_modules', '.bin', 'tsx'), [script, ...args])
  return JSON.parse(stdout.trim().split('\n').at(-1))
}
