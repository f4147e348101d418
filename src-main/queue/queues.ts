import type PgBoss from 'pg-boss'
import { z } from 'zod'

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
 * A job runs for at most this long before pg-boss takes it as lost (its worker killed or cut off)
 * and puts it back in the queue; then its pages stored so far are kept and the retry does the
 * rest. OCR of a long scan (3 s a page) needs the most.
 */
const QUEUE_OPTIONS: Record<QueueName, Omit<PgBoss.Queue, 'name'>> = {
  [QUEUES.ingest]: { policy: 'short', retryLimit: 3, expireInSeconds: 30 * 60 },
  [QUEUES.repair]: { policy: 'singleton', retryLimit: 3, expireInSeconds: 30 * 60 },
  [QUEUES.ocr]: { policy: 'short', retryLimit: 3, expireInSeconds: 4 * 60 * 60 }
}

/**
 * pg-boss on the project's database (its tables in schema `pgboss`, beside the project's), with
 * the three queues created. pg-boss installs and migrates its schema itself, under a lock, so
 * every worker may start at once.
 */
export async function startQueues(url: string): Promise<PgBoss> {
  // Loaded by the first queue started: the app on a SQLite project never needs it.
  const { default: Boss } = await import('pg-boss')
  const boss = new Boss({ connectionString: url, max: 4, application_name: 'recto' })
  // A lost connection is retried by pg-boss; an unhandled 'error' event would end the process.
  boss.on('error', (error: Error) => process.stderr.write(`recto: queue: ${error.message}\n`))
  await boss.start()
  for (const [name, options] of Object.entries(QUEUE_OPTIONS)) {
    await boss.createQueue(name, { name, ...options })
  }
  return boss
}
