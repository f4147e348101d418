import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { goldExportMessage } from '../../src-main/electron/gold-export-message.js'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'

const api = testBackend()
afterAll(() => api.close())

describe('the Export Gold Set dialog', () => {
  it('names the double-keyed pages that are not gold yet, as the Gold screen does', async () => {
    const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
    await api.waitFor('job.finished', (job) => job.id === jobId)
    const docs = await api.call('documents.list', {})
    const article = docs.find((d) => d.name === 'two-column-article.pdf')!.id
    const headers = docs.find((d) => d.name === 'running-headers.pdf')!.id
    const { state } = await api.call('pages.get', { documentId: headers, pageNo: 1 })
    await api.call('revisions.save', {
      documentId: headers,
      pageNo: 1,
      order: state.order,
      excluded: state.excluded,
      blockText: {},
      pageText: null,
      status: 'approved'
    })
    await api.call('keying.require', { pages: [{ documentId: article, pageNo: 1 }] })

    const dir = join(api.dir, 'gold')
    const report = await api.call('gold.export', { dir })
    expect(goldExportMessage(report)).toEqual({
      message: `Exported 1 gold entry to ${dir}`,
      detail: 'Not gold yet: two-column-article-p001 waits for a second keying or adjudication.'
    })
  })
})
