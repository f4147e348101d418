import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'

const api = testBackend()
afterAll(() => api.close())

describe('a PDF uploaded from a browser', () => {
  it('is kept beside the project and ingested like an added file', async () => {
    const bytes = readFileSync(join(SAMPLES_DIR, 'two-column-article.pdf'))
    const data = bytes.toString('base64')
    const { jobId, path } = await api.call('documents.upload', { name: 'article.pdf', data })
    expect(dirname(dirname(path))).toBe(join(dirname(api.dbFile), 'review-uploads'))
    expect(readFileSync(path).equals(bytes)).toBe(true)
    const job = await api.waitFor('job.finished', (j) => j.id === jobId)
    expect(job).toMatchObject({ status: 'succeeded', errors: [] })
    const docs = await api.call('documents.list', {})
    expect(docs.map((d) => [d.name, d.pageCount, d.status])).toEqual([['article.pdf', 2, 'done']])

    // The same bytes again are the same file and the same document.
    const again = await api.call('documents.upload', { name: 'article.pdf', data })
    expect(again.path).toBe(path)
    await api.waitFor('job.finished', (j) => j.id === again.jobId)
    expect(await api.call('documents.list', {})).toHaveLength(1)
  })

  it('records bytes that are not a PDF as a document in error, with the reason', async () => {
    const data = Buffer.from('not a PDF at all\n').toString('base64')
    const { jobId } = await api.call('documents.upload', { name: 'notes.pdf', data })
    const job = await api.waitFor('job.finished', (j) => j.id === jobId)
    expect(job.errors).toHaveLength(1)
    const notes = (await api.call('documents.list', {})).find((d) => d.name === 'notes.pdf')
    expect(notes?.status).toBe('error')
    expect(notes?.error).toBeTruthy()
  })
})
