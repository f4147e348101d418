import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { TRAPPED_EXIT } from './targets/exit-codes.js'

/** A Jazzer.js target: its module (without extension, as Jazzer imports it) and what it reads. */
export type JazzerTarget = Readonly<{
  name: string
  module: string
  /** The source files whose coverage guides the run (Jazzer's include patterns). */
  includes: readonly string[]
  /** Sources left out of the coverage; Jazzer's default leaves out all of node_modules. */
  excludes?: readonly string[]
  maxLen: number
  /** libFuzzer's time limit for one input, in seconds: over it is a finding. */
  timeoutSeconds: number
  dictionary?: string
}>

export type JazzerFinding = Readonly<{ kind: string; file: string; detail: string }>

export type JazzerReport = Readonly<{
  /** Inputs executed over every run. */
  inputs: number
  /** Runs ended by a MuPDF trap (the next run goes on from the corpus). */
  traps: number
  runs: number
  /** Edges of the included sources covered, and libFuzzer's features, at the last report. */
  coverage: number
  features: number
  corpus: number
  findings: readonly JazzerFinding[]
}>

export type JazzerOptions = Readonly<{
  repo: string
  target: JazzerTarget
  /** Directories of seeds, read but never written. */
  seeds: readonly string[]
  workDir: string
  /** Where findings are copied for `npm test` to replay. */
  regressionDir: string
  deadline: number
  seed: number
  /** Runs at once on the one corpus, each picking up what the others add (libFuzzer's reload). */
  jobs?: number
  /** Fuzzing stops after this many runs ended by a finding: one bug hit again and again. */
  maxFindings?: number
  onLine?: (line: string) => void
}>

const STATUS = /^#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)/
const EXECUTED = /^stat::number_of_executed_units: (\d+)/
const TRAP_COUNT = /^fuzz: MuPDF trapped after (\d+) inputs/

/** Jazzer runs under way: a campaign stopped with ^C or a kill takes them with it. */
const running = new Set<ChildProcess>()

function stopRuns(signal: NodeJS.Signals): void {
  // libFuzzer in sync mode waits for the input under way before it answers SIGINT.
  for (const child of running) child.kill('SIGKILL')
  process.exit(signal === 'SIGINT' ? 130 : 143)
}

type RunResult = {
  code: number
  inputs: number
  coverage: number
  features: number
  corpus: number
  log: string
}

function runOnce(
  options: JazzerOptions,
  seconds: number,
  runSeed: number,
  artifacts: string
): Promise<RunResult> {
  const { repo, target, workDir } = options
  const args = [
    '--import',
    'tsx',
    '--import',
    join(repo, 'scripts/fuzz/jazzer-addon.ts'),
    join(repo, 'node_modules/@jazzer.js/core/dist/cli.js'),
    target.module,
    join(workDir, 'corpus'),
    ...options.seeds,
    '--sync',
    '--disable_bug_detectors=.*',
    // Jazzer's own option: it passes libFuzzer a -timeout of its own after ours.
    `--timeout=${target.timeoutSeconds * 1000}`,
    ...target.includes.flatMap((p) => ['-i', p]),
    ...(target.excludes ?? []).flatMap((p) => ['-e', p]),
    '--',
    `-max_total_time=${seconds}`,
    `-max_len=${target.maxLen}`,
    `-seed=${runSeed}`,
    `-artifact_prefix=${artifacts}/`,
    '-print_final_stats=1',
    ...(target.dictionary ? [`-dict=${target.dictionary}`] : [])
  ]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, RECTO_FUZZ_TRAPS: join(workDir, 'traps') }
    })
    running.add(child)
    const result: RunResult = { code: 0, inputs: 0, coverage: 0, features: 0, corpus: 0, log: '' }
    let rest = ''
    const read = (chunk: Buffer) => {
      const text = rest + chunk.toString('utf8')
      const lines = text.split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) {
        result.log = (result.log + line + '\n').slice(-20_000)
        const status = STATUS.exec(line)
        if (status) {
          result.inputs = Math.max(result.inputs, Number(status[1]))
          result.coverage = Number(status[2])
          result.features = Number(status[3])
          result.corpus = Number(status[4])
        }
        const executed = EXECUTED.exec(line) ?? TRAP_COUNT.exec(line)
        if (executed) result.inputs = Number(executed[1])
        options.onLine?.(line)
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('error', reject)
    child.on('close', (code) => {
      running.delete(child)
      resolve({ ...result, code: code ?? 1 })
    })
  })
}

/** The line of a Jazzer log that says what went wrong: the error and its first frame. */
function findingDetail(log: string): string {
  const lines = log.split('\n')
  const start = lines.findIndex((l) => /^==\d+== |Uncaught Exception|^Error|^\w*Error:/.test(l))
  return start < 0 ? 'no error message' : lines.slice(start, start + 4).join(' | ')
}

/**
 * Fuzzes one target with Jazzer.js until the deadline, as `jobs` sequences of runs on one
 * growing corpus: a run ends at the deadline, at a finding (its input is copied into
 * `regressionDir` and the next run starts), or at a MuPDF trap (not a finding: the ingest
 * refuses such a file and replaces its worker; the input is kept under `workDir/traps`).
 */
export async function fuzzWithJazzer(options: JazzerOptions): Promise<JazzerReport> {
  const { workDir, deadline } = options
  for (const dir of ['corpus', 'traps']) mkdirSync(join(workDir, dir), { recursive: true })
  const findings: JazzerFinding[] = []
  const maxFindings = options.maxFindings ?? 10
  let runs = 0
  let ended = 0
  const report = { inputs: 0, traps: 0, runs: 0, coverage: 0, features: 0, corpus: 0 }

  const job = async (index: number) => {
    const artifacts = join(workDir, 'artifacts', `job${index}`)
    mkdirSync(artifacts, { recursive: true })
    while (Date.now() < deadline - 5_000 && ended < maxFindings) {
      const seconds = Math.max(1, Math.floor((deadline - Date.now()) / 1000))
      const run = await runOnce(options, seconds, options.seed + runs++, artifacts)
      report.inputs += run.inputs
      report.traps += run.code === TRAPPED_EXIT ? 1 : 0
      report.runs++
      report.coverage = Math.max(report.coverage, run.coverage)
      report.features = Math.max(report.features, run.features)
      report.corpus = Math.max(report.corpus, run.corpus)
      // Each run's artifacts are taken away, so a run that meets the same input again is seen to.
      const fresh = readdirSync(artifacts)
      if (fresh.length > 0) ended++
      for (const file of fresh) {
        const bytes = readFileSync(join(artifacts, file))
        const kind = file.split('-')[0] ?? 'crash'
        const name = `${kind}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}`
        mkdirSync(options.regressionDir, { recursive: true })
        const saved = join(options.regressionDir, `${name}.bin`)
        copyFileSync(join(artifacts, file), saved)
        rmSync(join(artifacts, file))
        if (!findings.some((f) => f.file === saved)) {
          findings.push({ kind, file: saved, detail: findingDetail(run.log) })
        }
      }
      if (run.code !== 0 && run.code !== TRAPPED_EXIT && fresh.length === 0) {
        const log = join(workDir, `failed-run-${index}.log`)
        writeFileSync(log, run.log)
        throw new Error(`jazzer exited ${run.code} without a finding; see ${log}`)
      }
      if (run.code === 0) return
    }
  }
  process.once('SIGINT', stopRuns).once('SIGTERM', stopRuns)
  try {
    await Promise.all(Array.from({ length: options.jobs ?? 1 }, (_, i) => job(i)))
  } finally {
    process.off('SIGINT', stopRuns).off('SIGTERM', stopRuns)
  }
  return { ...report, findings }
}
