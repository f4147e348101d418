import { afterAll, describe, expect, it, vi } from 'vitest'
import type { JobSnapshot } from '../../../src-main/shared/contract.js'
import { openDatabase } from '../../../src-main/store/open.js'
import { testBackend } from '../../helpers/backend.js'
import { recto } from '../../helpers/cli.js'
import { corpusPdf } from '../../helpers/corpus.js'
import { newPostgresDatabase } from '../../helpers/postgres-db.js'
import { startWorker } from '../../helpers/recto-worker.js'

const FILES = [
  'pdfminer__dmca.pdf',
  'pdfjs__tracemonkey.pdf',
  'pdfminer__naacl06-shinyama.pdf',
  'docling__normal_4pages.pdf',
  'pdfplumber__scotus-transcript-p1.pdf',
  'pymupdf__chinese-tables.pdf',
  'olmocr__math_2503_04086.pdf'
].map(corpusPdf)

const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup()
})

describe("the app's progress of a project's workers", () => {
  // What the app shows is tested, not the workers' speed: a loaded machine takes minutes.
  it('sums the pages every worker stored, read from the database, never going back', async () => {
    const url = newPostgresDatabase()
    expect(recto('ingest', '--queue', '--db', url, ...FILES).status).toBe(0)
    const workers = [startWorker(url), startWorker(url)]
    // The workers under way before the app opens (which takes jobs as one worker more).
    const project = openDatabase(url)
    const stored = () => project.prepare('SELECT count(*) FROM pages').pluck().get()
    await vi.waitFor(() => expect(stored()).toBeGreaterThan(0), { timeout: 150_000, interval: 10 })
    const app = testBackend(url)
    cleanups.push(() => app.close())
    const workersJob = async () =>
      (await app.call('jobs.list', {})).find((job) => job.kind === 'workers')
    expect(await workersJob()).toMatchObject({ id: 'workers', files: { total: FILES.length } })
    await vi.waitFor(async () => expect((await workersJob())?.status).toBe('succeeded'), {
      timeout: 150_000,
      interval: 250
    })
    const ended = await Promise.all(workers.map((worker) => worker.stop()))
    // Each worker ingested some of the files: the app's count is theirs together.
    for (const { stdout } of ended) expect(stdout).toMatch(/^ingest: /m)

    const pages = project.prepare('SELECT sum(page_count) FROM documents').pluck().get()
    project.close()
    expect(pages).toBeGreaterThan(FILES.length)
    expect(await workersJob()).toMatchObject({
      files: { done: FILES.length, total: FILES.length },
      pages: { done: pages, total: pages },
      errors: []
    })
    const seen = app.events
      .filter((event) => event.name === 'job.progress' || event.name === 'job.finished')
      .map((event) => event.payload as JobSnapshot)
      .filter((job) => job.id === 'workers')
    expect(seen.length).toBeGreaterThan(1)
    for (const [i, job] of seen.entries()) {
      const before = seen[i - 1]
      if (!before) continue
      expect(job.pages.done).toBeGreaterThanOrEqual(before.pages.done)
      expect(job.pages.total).toBeGreaterThanOrEqual(before.pages.total)
      expect(job.files.done).toBeGreaterThanOrEqual(before.files.done)
    }
    expect(seen.at(-1)?.status).toBe('succeeded')
  }, 330_000)
})
