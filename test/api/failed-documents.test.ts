import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'

const api = testBackend()
afterAll(() => api.close())

async function run(jobId: string) {
  return api.waitFor('job.finished', (job) => job.id === jobId)
}

describe('a document that failed', () => {
  it('is read again on retry, where adding it again skips it', async () => {
    const file = join(dirname(api.dbFile), 'broken.pdf')
    writeFileSync(file, '%PDF-1.7\nthis file ends before any object\n')
    const first = await run((await api.call('documents.add', { paths: [file] })).jobId)
    expect(first.errors).toHaveLength(1)
    const [broken] = await api.call('documents.list', {})
    expect(broken).toMatchObject({ status: 'error' })

    const added = await run((await api.call('documents.add', { paths: [file] })).jobId)
    expect(added.errors).toEqual([])
    const retried = await run((await api.call('documents.retry', { documentId: broken!.id })).jobId)
    expect(retried.errors.map((e) => e.reason)).toEqual(first.errors.map((e) => e.reason))
  })

  it('is removed with all it holds, and the others stay', async () => {
    await run((await api.call('documents.add', { paths: [SAMPLES_DIR] })).jobId)
    const before = await api.call('documents.list', {})
    const broken = before.find((d) => d.status === 'error' && d.name === 'broken.pdf')!
    await api.call('documents.remove', { documentId: broken.id })
    const after = await api.call('documents.list', {})
    expect(after.map((d) => d.id)).toEqual(before.filter((d) => d !== broken).map((d) => d.id))
    expect(api.events.some((e) => e.name === 'documents.changed')).toBe(true)

    const article = after.find((d) => d.name === 'two-column-article.pdf')!
    await api.call('documents.remove', { documentId: article.id })
    expect(
      await api.backend.dispatch('pages.get', { documentId: article.id, pageNo: 1 })
    ).toMatchObject({ ok: false, error: { code: 'not-found' } })
    expect(
      await api.backend.dispatch('documents.remove', { documentId: article.id })
    ).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })
})
