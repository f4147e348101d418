import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { JobSnapshot } from '../../../src-main/shared/contract.js'
import { openDatabase } from '../../../src-main/store/open.js'
import { testBackend } from '../../helpers/backend.js'
import { recto } from '../../helpers/cli.js'
import { corpusPdf } from '../../helpers/corpus.js'
import { tempDir } from '../../helpers/db.js'
import { encryptedPdf } from '../../helpers/encrypted-pdf.js'
import { newPostgresDatabase } from '../../helpers/postgres-db.js'
import { projectContents } from '../../helpers/project-contents.js'

const FILES = [
  'docling__normal_4pages.pdf',
  'pdfplumber__scotus-transcript-p1.pdf',
  'pymupdf__chinese-tables.pdf'
].map(corpusPdf)

const dir = tempDir('recto-app-queue-')
afterAll(() => dir.remove())

describe('the app on a PostgreSQL project', () => {
  it('queues the documents added and ingests them as one worker, as recto ingest does', async () => {
    const url = newPostgresDatabase()
    const app = testBackend(url)
    const { jobId } = await app.call('documents.add', { paths: FILES })
    const queued = await app.waitFor('job.finished', (job) => job.id === jobId)
    // The job ends when its documents are in, whichever worker read them.
    expect(queued).toMatchObject({
      status: 'succeeded',
      files: { done: 3, total: 3 },
      pages: { done: 6, total: 6 },
      errors: []
    })

    const finished = (await app.waitFor(
      'job.finished',
      (job) => job.kind === 'workers' && job.status === 'succeeded'
    )) as JobSnapshot
    expect(finished.files).toEqual({ done: 3, total: 3 })
    expect(finished.pages.done).toBe(6)
    expect(app.events.some((event) => event.name === 'documents.changed')).toBe(true)
    await app.close()

    const file = join(dir.dir, 'alone.sqlite')
    expect(recto('ingest', ...FILES, '--db', file).status).toBe(0)
    const alone = openDatabase(file)
    const project = openDatabase(url)
    expect(projectContents(project)).toEqual(projectContents(alone))
    alone.close()
    project.close()
  })

  it("reads an encrypted file queued again with the session's password", async () => {
    const pdf = join(dir.dir, 'locked.pdf')
    writeFileSync(pdf, encryptedPdf(['Minutes of the board'], 'sesame'))
    const url = newPostgresDatabase()
    const app = testBackend(url)
    const project = openDatabase(url)
    const status = () => project.prepare('SELECT status, error FROM documents').get()
    await app.call('documents.add', { paths: [pdf] })
    await vi.waitFor(() => expect(status()).toMatchObject({ status: 'error' }), {
      timeout: 30_000,
      interval: 100
    })

    const id = project.prepare('SELECT id FROM documents').pluck().get() as number
    await app.call('documents.retry', { documentId: id, password: 'sesame' })
    await vi.waitFor(() => expect(status()).toEqual({ status: 'done', error: null }), {
      timeout: 30_000,
      interval: 100
    })
    expect(project.prepare('SELECT text FROM pages').pluck().get()).toBe('Minutes of the board')
    project.close()
    await app.close()
  })
})
