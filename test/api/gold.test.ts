import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/db.js'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'

const api = testBackend()
const out = tempDir('recto-gold-api-')
let documentId: number

beforeAll(async () => {
  const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
  const finished = await api.waitFor('job.finished', (job) => job.id === jobId)
  expect(finished.status).toBe('succeeded')
  const docs = await api.call('documents.list', {})
  documentId = docs.find((d) => d.name === 'two-column-article.pdf')!.id
})

afterAll(async () => {
  await api.close()
  out.remove()
})

describe('the gold API', () => {
  it('lists no entries before any approval, and a default folder beside the database', async () => {
    const entries = await api.call('gold.entries', {})
    expect(entries).toMatchObject({ total: 0, items: [] })
    expect(entries.defaultDir).toBe(join(api.dbFile, '..', 'review-gold'))
  })

  it('lists an approved page, exports it with progress, and scores it', async () => {
    const page = await api.call('pages.get', { documentId, pageNo: 1 })
    const { state } = page
    await api.call('revisions.save', {
      documentId,
      pageNo: 1,
      order: state.order,
      excluded: state.excluded,
      blockText: state.blockText,
      pageText: 'A corrected transcription of the first page.',
      status: 'corrected'
    })
    const entries = await api.call('gold.entries', {})
    expect(entries.total).toBe(1)
    expect(entries.items[0]).toMatchObject({
      entry: 'two-column-article-p001',
      documentId,
      pageNo: 1,
      status: 'corrected',
      reviewer: 'tester'
    })

    const dir = join(out.dir, 'gold')
    const report = await api.call('gold.export', { dir })
    expect(report).toMatchObject({ entries: 1, added: ['two-column-article-p001'], errors: [] })
    expect(readFileSync(join(dir, 'two-column-article-p001.txt'), 'utf8')).toBe(
      'A corrected transcription of the first page.\n'
    )
    expect(existsSync(join(dir, 'two-column-article-p001.pdf'))).toBe(true)
    const progress = api.events.filter((e) => e.name === 'gold.progress').map((e) => e.payload)
    expect(progress[0]).toEqual({ done: 0, total: 1 })
    expect(progress.at(-1)).toEqual({ done: 1, total: 1 })

    const again = await api.call('gold.export', { dir })
    expect(again.unchanged).toEqual(['two-column-article-p001'])

    const scores = await api.call('gold.score', { dir })
    expect(scores.extractors).toEqual(['recto', 'mupdf-raw'])
    expect(scores.entries).toHaveLength(1)
    expect(scores.entries[0]!.from).toBe('database')
    expect(scores.entries[0]!.scores.recto!.cer.rate).toBeGreaterThan(0.5)
    expect(scores.means.recto!.entries).toBe(1)
  })
})
