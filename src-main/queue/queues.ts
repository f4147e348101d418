import type PgBoss from 'pg-boss'
import { z } from 'zod'
import { LEASE_SECONDS, MAINTENANCE_SECONDS } from './heartbeat.js'

/**
 * The project's three queues in pg-boss. Ingest and OCR keep one waiting job per document (the
 * `short` policy keyed by the document's hash: queueing a file twice queues it once). Font repair
 * runs one job at a time across every worker (`singleton`): a repair learns a font program once
 * and applies it to every document embedding it, so two at once would learn the same program
 * twice, each from other glyphs.
 */
export const QUEUES = {
  ingest: 'recto-ingest',
  repair: 'recto-repair',
  ocr: 'recto-ocr'
} as const

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]

/** The rest of the cascade a queued file asked for (ingest --queue --ocr): OCR's languages. */
const Cascade = z.object({ languages: z.array(z.string()).nullable() }).nullable()

export const IngestJobData = z.object({
  documentId: z.number().int(),
  sha256: z.string(),
  path: z.string(),
  name: z.string(),
  cascade: Cascade
})
export type IngestJobData = z.infer<typeof IngestJobData>

export const DocumentJobData = z.object({
  documentId: z.number().int(),
  sha256: z.string(),
  name: z.string(),
  languages: z.array(z.string()).nullable()
})
export type DocumentJobData = z.infer<typeof DocumentJobData>

/**
 * A job is leased for LEASE_SECONDS and its worker renews the lease while it works (JobHeartbeat):
 * a worker killed or cut off lets it lapse, and pg-boss puts the job back in the queue for
 * another, which keeps the pages stored so far and does the rest.
 */
const QUEUE_OPTIONS: Record<QueueName, Omit<PgBoss.Queue, 'name'>> = {
  [QUEUES.ingest]: { policy: 'short', retryLimit: 3, expireInSeconds: LEASE_SECONDS },
  [QUEUES.repair]: { policy: 'singleton', retryLimit: 3, expireInSeconds: LEASE_SECONDS },
  [QUEUES.ocr]: { policy: 'short', retryLimit: 3, expireInSeconds: LEASE_SECONDS }
}

/** The advisory lock the queues are created under (the schema's is SCHEMA_LOCK, one below). */
const QUEUES_LOCK = 7402030

/**
 * pg-boss on the project's database (its tables in schema `pgboss`, beside the project's), with
 * the three queues created. pg-boss installs and migrates its schema itself, under a lock, so
 * every worker may start at once. Its createQueue takes no lock: two workers creating the same
 * queue deadlock (one inserts the queue's row, the other waits on it while holding the lock the
 * first needs to attach the queue's partition), so the queues are created one worker at a time.
 * A boss that fails after it started is stopped: its pool would keep the process alive.
 */
export async function startQueues(url: string): Promise<PgBoss> {
  // Loaded by the first queue started: the app on a SQLite project never needs it.
  const [{ default: Boss }, { default: pg }] = await Promise.all([import('pg-boss'), import('pg')])
  const boss = new Boss({
    connectionString: url,
    max: 4,
    application_name: 'recto',
    // Lapsed leases are looked for this often, so a lost worker's job waits seconds, not minutes.
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS
  })
  // A lost connection is retried by pg-boss; an unhandled 'error' event would end the process.
  boss.on('error', (error: Error) => process.stderr.write(`recto: queue: ${error.message}\n`))
  await boss.start()
  const lock = new pg.Client({ connectionString: url, application_name: 'recto' })
  try {
    await lock.connect()
    await lock.query('SELECT pg_advisory_lock($1)', [QUEUES_LOCK])
    for (const [name, options] of Object.entries(QUEUE_OPTIONS)) {
      await boss.createQueue(name, { name, ...options })
      // A project queued by an older Recto has its queues already, with their old leases.
      await boss.updateQueue(name, { name, ...options })
    }
    return boss
  } catch (error) {
    await boss.stop({ graceful: false, wait: true })
    throw error
  } finally {
    // Ending the session releases its lock.
    await lock.end().catch(() => undefined)
  }
}
