import { afterAll, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../../src-main/store/migrations/index.js'
import { openDatabaseReadOnly } from '../../../src-main/store/open.js'
import { newPostgresDatabase } from '../../helpers/postgres-db.js'
import { startWorker, type RectoWorker } from '../../helpers/recto-worker.js'

const started: RectoWorker[] = []
afterAll(async () => {
  await Promise.all(started.map((worker) => worker.kill()))
})

describe('workers started at the same moment on an empty database', () => {
  it('all run: the schema is created once, by whichever came first', async () => {
    // Each round is a new empty database: the race is lost in one round of several, not all.
    for (let round = 0; round < 3; round++) {
      const url = newPostgresDatabase()
      const workers = [startWorker(url), startWorker(url), startWorker(url), startWorker(url)]
      started.push(...workers)
      await Promise.all(workers.map((worker) => worker.started()))
      const ended = await Promise.all(workers.map((worker) => worker.stop()))
      for (const end of ended) {
        expect(end.stderr).not.toMatch(/^recto: /m)
        expect(end.code).toBe(0)
      }
      const project = openDatabaseReadOnly(url)
      expect(project.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version)
      expect(
        project.prepare(`SELECT count(*) FROM pgboss.queue WHERE name LIKE 'recto-%'`).pluck().get()
      ).toBe(3)
      project.close()
    }
    // Twelve workers starting (MuPDF, pg-boss) on two shared cores take most of this.
  }, 150_000)
})
