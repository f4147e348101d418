import type PgBoss from 'pg-boss'

/**
 * A job's lease: pg-boss takes a job as lost when it has been active this long without a beat,
 * and its maintenance (every MAINTENANCE_SECONDS) puts it back in the queue for another worker.
 * Long enough to outlive a database restart of 20 s, short enough that a worker killed outright
 * (kill -9, a machine lost) has its job taken over within a minute.
 */
export const LEASE_SECONDS = 35
/** How often pg-boss looks for lapsed jobs (whichever instance's turn it is). */
export const MAINTENANCE_SECONDS = 5
const BEAT_MS = 2000

/**
 * The beat of the jobs a worker has under way: every few seconds each one's lease is renewed
 * (its expiry moved to LEASE_SECONDS from now), so a job lives as long as its worker does, an
 * hour's OCR included, and no longer. A beat the database misses (it is restarting) is simply
 * late; the next one renews the lease.
 */
export class JobHeartbeat {
  readonly #boss: PgBoss
  readonly #jobs = new Set<string>()
  #timer: NodeJS.Timeout | undefined

  constructor(boss: PgBoss) {
    this.#boss = boss
  }

  add(id: string): void {
    this.#jobs.add(id)
    this.#timer ??= setInterval(() => void this.beat(), BEAT_MS)
  }

  delete(id: string): void {
    this.#jobs.delete(id)
    if (this.#jobs.size > 0) return
    clearInterval(this.#timer)
    this.#timer = undefined
  }

  /** Renews the leases now; false when the database did not take it. */
  async beat(): Promise<boolean> {
    if (this.#jobs.size === 0) return true
    try {
      await this.#boss.getDb().executeSql(
        `UPDATE pgboss.job SET expire_in = (now() - started_on) + make_interval(secs => $2)
           WHERE id = ANY($1::uuid[]) AND state = 'active'`,
        [[...this.#jobs], LEASE_SECONDS]
      )
      return true
    } catch {
      return false
    }
  }
}
