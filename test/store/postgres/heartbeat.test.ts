import { describe, expect, it } from 'vitest'
import { JobHeartbeat, LEASE_SECONDS } from '../../../src-main/queue/heartbeat.js'
import { QUEUES, startQueues } from '../../../src-main/queue/queues.js'
import { openDatabase } from '../../../src-main/store/open.js'
import { newPostgresDatabase } from '../../helpers/postgres-db.js'

describe("a job's heartbeat", () => {
  it('renews the lease of a job under way, however long it has run, and only while it beats', async () => {
    const url = newPostgresDatabase()
    const project = openDatabase(url)
    const boss = await startQueues(url)
    try {
      await boss.send(QUEUES.ingest, { documentId: 1 })
      const [job] = await boss.fetch(QUEUES.ingest)
      const leaseLeft = () =>
        project
          .prepare(
            `SELECT extract(epoch FROM started_on + expire_in - now()) FROM pgboss.job WHERE id = ?`
          )
          .pluck()
          .get(job!.id) as number
      expect(leaseLeft()).toBeGreaterThan(LEASE_SECONDS - 5)
      expect(leaseLeft()).toBeLessThanOrEqual(LEASE_SECONDS)

      // An hour's OCR: without a beat its lease lapsed long ago.
      project
        .prepare(`UPDATE pgboss.job SET started_on = now() - interval '1 hour' WHERE id = ?`)
        .run(job!.id)
      expect(leaseLeft()).toBeLessThan(0)

      const heartbeat = new JobHeartbeat(boss)
      heartbeat.add(job!.id)
      expect(await heartbeat.beat()).toBe(true)
      expect(leaseLeft()).toBeGreaterThan(LEASE_SECONDS - 5)
      heartbeat.delete(job!.id)

      // A job its worker ended is not renewed by a beat still in flight.
      await boss.complete(QUEUES.ingest, job!.id)
      const ended = new JobHeartbeat(boss)
      ended.add(job!.id)
      project
        .prepare(`UPDATE pgboss.job SET started_on = now() - interval '2 hours' WHERE id = ?`)
        .run(job!.id)
      expect(await ended.beat()).toBe(true)
      expect(leaseLeft()).toBeLessThan(0)
      ended.delete(job!.id)
    } finally {
      await boss.stop({ graceful: false, wait: true })
      project.close()
    }
  })
})
