/** One minute of the soak: what the clients asked and how the server did. */
export type MinuteRow = Readonly<{
  minute: number
  requests: number
  errors: number
  p95Ms: number
  rssMb: number
}>

export type SoakReport = Readonly<{ table: string; verdict: string; ok: boolean }>

/** RSS at the end may differ from RSS after the first minute by this share at most. */
const FLAT = 0.1

function p95(times: readonly number[]): number {
  if (times.length === 0) return NaN
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!
}

/** Counts requests, errors and latencies per minute, and the server's RSS at each minute's end. */
export class SoakMeter {
  readonly #rssMb: () => number
  readonly #rows: MinuteRow[] = []
  readonly #errors: string[] = []
  #times: number[] = []
  #failed = 0

  constructor(rssMb: () => number) {
    this.#rssMb = rssMb
  }

  request(ms: number): void {
    this.#times.push(ms)
  }

  error(what: string): void {
    this.#failed++
    if (this.#errors.length < 20) this.#errors.push(what)
  }

  /** Closes the minute under way; a last part of a minute makes a row of its own. */
  minute(): void {
    this.#rows.push({
      minute: this.#rows.length + 1,
      requests: this.#times.length,
      errors: this.#failed,
      p95Ms: p95(this.#times),
      rssMb: this.#rssMb()
    })
    this.#times = []
    this.#failed = 0
  }

  report(): SoakReport {
    const rows = this.#rows.filter((r) => r.requests > 0 || r.errors > 0)
    const lines = [
      'minute  requests  errors  p95 ms  RSS MB',
      ...rows.map(
        (r) =>
          `${String(r.minute).padStart(6)}  ${String(r.requests).padStart(8)}  ${String(r.errors).padStart(6)}  ${r.p95Ms.toFixed(1).padStart(6)}  ${r.rssMb.toFixed(1).padStart(6)}`
      )
    ]
    const requests = rows.reduce((n, r) => n + r.requests, 0)
    const errors = rows.reduce((n, r) => n + r.errors, 0)
    const after = rows[0]?.rssMb ?? NaN
    const end = rows.at(-1)?.rssMb ?? NaN
    const change = (end - after) / after
    const flat = Math.abs(change) <= FLAT
    const verdict = [
      `soak: ${requests} requests, ${errors} errors; RSS ${after.toFixed(1)} MB after the first minute, ${end.toFixed(1)} MB at the end (${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%): ${flat ? 'flat' : 'NOT flat'}`,
      ...this.#errors.map((e) => `  error: ${e}`)
    ].join('\n')
    return { table: lines.join('\n'), verdict, ok: errors === 0 && flat && rows.length >= 2 }
  }
}
