import { afterAll, describe, expect, it } from 'vitest'
import { corpusPdf } from '../helpers/corpus.js'
import { testBackend } from '../helpers/backend.js'
import { threadNiceValues } from '../helpers/threads.js'

const api = testBackend()
afterAll(() => api.close())

const FILES = [
  'pdfjs__tracemonkey.pdf',
  'olmocr__pdftotext_two_column_issue.pdf',
  'pdfminer__naacl06-shinyama.pdf',
  'docling__redp5110_sampled.pdf'
].map(corpusPdf)

describe('ingest jobs through the API', () => {
  it('reports full snapshots and ends with one job.finished', async () => {
    const { jobId } = await api.call('documents.add', { paths: [FILES[0]!] })
    const finished = await api.waitFor('job.finished', (job) => job.id === jobId)
    expect(finished).toMatchObject({
      status: 'succeeded',
      files: { done: 1, total: 1 },
      pages: { done: 14, total: 14 },
      errors: []
    })
    const snapshots = api.events.filter(
      (e) => e.name === 'job.progress' && (e.payload as { id: string }).id === jobId
    )
    const done = snapshots.map((e) => (e.payload as { pages: { done: number } }).pages.done)
    expect(done).toEqual([...done].sort((a, b) => a - b))
    expect(api.events.filter((e) => e.name === 'job.finished')).toHaveLength(1)
    expect(await api.call('jobs.list', {})).toEqual([finished])
  })

  it('stops a running ingest when asked', async () => {
    const { jobId } = await api.call('documents.add', { paths: FILES.slice(1) })
    await api.waitFor('job.progress', (job) => job.id === jobId && job.pages.done > 0)
    await api.call('jobs.cancel', { jobId })
    const finished = await api.waitFor('job.finished', (job) => job.id === jobId)
    expect(finished.status).toBe('cancelled')
    expect(finished.files.done).toBeLessThan(3)
  })

  it.runIf(process.platform === 'linux')(
    'runs the ingest behind the review: its worker yields the CPU to page opens',
    async () => {
      const { jobId } = await api.call('documents.add', {
        paths: [corpusPdf('pymupdf__test_2634.pdf')]
      })
      let during: number[] = []
      // Read as the event is emitted: the worker has opened the file and not yet finished it.
      await api.waitFor('job.progress', (job) => {
        if (job.id !== jobId || job.pages.total === 0 || job.files.done === job.files.total) {
          return false
        }
        during = threadNiceValues()
        return true
      })
      expect(during.filter((nice) => nice === 10).length).toBeGreaterThan(0)
      await api.waitFor('job.finished', (job) => job.id === jobId)
    }
  )

  it('refuses to cancel a job it does not know', async () => {
    expect(await api.backend.dispatch('jobs.cancel', { jobId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' }
    })
  })
})
