import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'

const api = testBackend()
const folder = tempDir('recto-page-image-')
const article = join(folder.dir, 'article.pdf')
const headers = join(folder.dir, 'headers.pdf')
const ids = new Map<string, number>()

beforeAll(async () => {
  copyFileSync(join(SAMPLES_DIR, 'two-column-article.pdf'), article)
  copyFileSync(join(SAMPLES_DIR, 'running-headers.pdf'), headers)
  const { jobId } = await api.call('documents.add', { paths: [folder.dir] })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  for (const doc of await api.call('documents.list', {})) ids.set(doc.name, doc.id)
})

afterAll(async () => {
  await api.close()
  folder.remove()
})

describe('a page image names what it is an image of', () => {
  it('carries the document bytes, the page and the scale it was rendered for', async () => {
    const documentId = ids.get('article.pdf')!
    const detail = await api.call('pages.get', { documentId, pageNo: 2 })
    const image = await api.call('pages.image', { documentId, pageNo: 2, scale: 0.75 })
    expect(image).toMatchObject({ sha256: detail.documentSha256, pageNo: 2, scale: 0.75 })
    expect(detail.documentSha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses to render a file that another file has replaced since it was ingested', async () => {
    copyFileSync(article, headers)
    const documentId = ids.get('headers.pdf')!
    await expect(api.call('pages.image', { documentId, pageNo: 1, scale: 0.5 })).rejects.toThrow(
      /headers\.pdf has changed since it was ingested/
    )
  })
})
