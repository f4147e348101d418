import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ingest, type FileOutcome } from '../../src-main/jobs/ingest.js'
import type { PoolOptions } from '../../src-main/jobs/pool.js'
import { openDatabase } from '../../src-main/store/open.js'
import { mutant, type Mutant } from './mutate.js'

/** What a mutant did to the engine. Only `FINDING_KINDS` are bugs. */
export type Verdict =
  | 'ingested'
  | 'refused'
  | 'memory-limit'
  | 'time-limit'
  | 'crash'
  | 'unclear-error'
  | 'lost'
  | 'uncaught'
  | 'ingest-failed'

export const FINDING_KINDS: readonly Verdict[] = [
  'time-limit',
  'crash',
  'unclear-error',
  'lost',
  'uncaught',
  'ingest-failed'
]

export type FuzzResult = Readonly<{
  index: number
  source: string
  mutations: readonly string[]
  verdict: Verdict
  /** The one-line reason the engine gave, or what went wrong. */
  detail: string
  /** Where the reproducing input was saved (findings only). */
  saved: string | null
}>

export type FuzzOptions = Readonly<{
  seed: number
  sources: readonly string[]
  /** Where mutants, the project file and findings go: never inside the repository. */
  workDir: string
  /** Stop after this many mutants… */
  count?: number
  /** …or when this time (ms since the epoch) has passed. */
  deadline?: number
  batchSize?: number
  bombBytes?: number
  pool: Omit<PoolOptions, 'dbPath' | 'behindReview'>
  onResult?: (result: FuzzResult) => void
}>

export type FuzzReport = Readonly<{
  seed: number
  tried: number
  byVerdict: Readonly<Partial<Record<Verdict, number>>>
  findings: readonly FuzzResult[]
}>

/** Time a worker may overrun the per-document limit before it counts as never coming back. */
const GRACE_MS = 20_000

export function verdictOf(outcome: FileOutcome): { verdict: Verdict; detail: string } {
  if (outcome.status !== 'error') return { verdict: 'ingested', detail: outcome.status }
  const { reason } = outcome
  if (reason.trim() === '' || /[\r\n]/.test(reason)) {
    return { verdict: 'unclear-error', detail: reason }
  }
  if (/worker crashed|worker exited/.test(reason)) return { verdict: 'crash', detail: reason }
  if (/took longer than/.test(reason)) return { verdict: 'time-limit', detail: reason }
  if (/memory limit/.test(reason)) return { verdict: 'memory-limit', detail: reason }
  return { verdict: 'refused', detail: reason }
}

/**
 * Feeds mutants of the corpus through the real ingest (worker pool, per-document time and memory
 * limits, the store) in batches, and sorts what happens to each. A finding's input is saved
 * under `workDir/findings/` with a JSON note of how it was made.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const { seed, workDir, pool } = options
  const batchSize = options.batchSize ?? 8
  const bombBytes = options.bombBytes ?? 64 * 2 ** 20
  const findingsDir = join(workDir, 'findings')
  const batchDir = join(workDir, 'batch')
  mkdirSync(findingsDir, { recursive: true })
  const dbPath = join(workDir, `fuzz-${seed}.sqlite`)
  const db = openDatabase(dbPath)
  const byVerdict: Partial<Record<Verdict, number>> = {}
  const findings: FuzzResult[] = []
  let uncaught: unknown[] = []
  const onUncaught = (error: unknown) => uncaught.push(error)
  process.on('uncaughtException', onUncaught)
  process.on('unhandledRejection', onUncaught)

  const record = (m: Mutant, verdict: Verdict, detail: string) => {
    byVerdict[verdict] = (byVerdict[verdict] ?? 0) + 1
    let saved: string | null = null
    if (FINDING_KINDS.includes(verdict)) {
      saved = join(findingsDir, `seed${seed}-${m.index}-${verdict}.pdf`)
      writeFileSync(saved, m.bytes)
      const note = {
        seed,
        index: m.index,
        source: m.source,
        mutations: m.mutations,
        verdict,
        detail
      }
      writeFileSync(saved.replace(/\.pdf$/, '.json'), JSON.stringify(note, null, 2) + '\n')
    }
    const result = {
      index: m.index,
      source: m.source,
      mutations: m.mutations,
      verdict,
      detail,
      saved
    }
    if (saved) findings.push(result)
    options.onResult?.(result)
  }

  let index = 0
  let tried = 0
  const more = () =>
    (options.count === undefined || index < options.count) &&
    (options.deadline === undefined || Date.now() < options.deadline)
  try {
    while (more()) {
      rmSync(batchDir, { recursive: true, force: true })
      mkdirSync(batchDir)
      const batch = new Map<string, Mutant>()
      while (batch.size < batchSize && more()) {
        const m = mutant(seed, index++, options.sources, { bombBytes })
        const path = join(batchDir, `${String(m.index).padStart(6, '0')}.pdf`)
        writeFileSync(path, m.bytes)
        batch.set(path, m)
      }
      const pending = new Map(batch)
      const stop = new AbortController()
      let watchdog: NodeJS.Timeout | undefined
      const arm = () => {
        clearTimeout(watchdog)
        watchdog = setTimeout(() => stop.abort(), pool.documentTimeLimitMs + GRACE_MS)
      }
      arm()
      let failure: unknown = null
      const run = ingest(db, [...batch.keys()], {
        ...pool,
        signal: stop.signal,
        onFile(outcome) {
          arm()
          const m = pending.get(outcome.path)
          if (!m) return
          pending.delete(outcome.path)
          const { verdict, detail } = verdictOf(outcome)
          record(m, verdict, detail)
        }
      }).catch((error: unknown) => {
        failure = error
      })
      await run
      clearTimeout(watchdog)
      for (const m of pending.values()) {
        if (failure) record(m, 'ingest-failed', String((failure as Error).message ?? failure))
        else if (stop.signal.aborted) record(m, 'lost', 'no outcome within the limit and grace')
        else record(m, 'lost', 'the ingest ended without an outcome for it')
      }
      // An uncaught exception names no file: it is filed under the batch's first mutant, and the
      // rest of the batch is reproduced from the same seed and the indexes that follow.
      for (const error of uncaught) {
        const m = batch.values().next().value!
        record(
          m,
          'uncaught',
          error instanceof Error ? (error.stack ?? error.message) : String(error)
        )
      }
      uncaught = []
      tried += batch.size
    }
  } finally {
    process.off('uncaughtException', onUncaught)
    process.off('unhandledRejection', onUncaught)
    db.close()
    rmSync(batchDir, { recursive: true, force: true })
  }
  return { seed, tried, byVerdict, findings }
}
