import { setTimeout as sleep } from 'node:timers/promises'
import type { ReadableDB } from '../store/db.js'
import { isConnectionError } from '../store/postgres/unreachable.js'

/** The first look at a database gone waits this long, each next one longer, up to the longest. */
const FIRST_WAIT_MS = 250
const LONGEST_WAIT_MS = 2000

/**
 * Waits until the project's database answers again (the store replaces its connection on the
 * first statement that goes through), looking at it with a growing wait between looks. Returns
 * false when `signal` stopped the wait first.
 */
export async function databaseBack(db: ReadableDB, signal: AbortSignal): Promise<boolean> {
  let wait = FIRST_WAIT_MS
  while (!signal.aborted) {
    try {
      db.prepare('SELECT 1').get()
      return true
    } catch (error) {
      if (!isConnectionError(error)) throw error
    }
    await sleep(wait, undefined, { signal }).catch(() => undefined)
    wait = Math.min(wait * 2, LONGEST_WAIT_MS)
  }
  return false
}

/**
 * Runs `step` until it goes through: a failure of the connection (the database restarted) waits
 * until the database answers, then `step` runs again; any other failure is the step's own and is
 * thrown. Undefined when `signal` stopped it during an outage.
 */
export async function throughOutages<T>(
  db: ReadableDB,
  signal: AbortSignal,
  step: () => Promise<T>,
  onOutage: (reason: string) => void
): Promise<T | undefined> {
  for (;;) {
    try {
      return await step()
    } catch (error) {
      if (!isConnectionError(error)) throw error
      onOutage((error as Error).message)
      if (!(await databaseBack(db, signal))) return undefined
    }
  }
}
