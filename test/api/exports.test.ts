import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'

const api = testBackend()
const out = tempDir('recto-exports-')
let pages = 0

beforeAll(async () => {
  const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  const docs = await api.call('documents.list', {})
  pages = docs.reduce((sum, doc) => sum + (doc.pageCount ?? 0), 0)
})

afterAll(async () => {
  await api.close()
  out.remove()
})

describe('exports started through the API', () => {
  it('proposes places beside the database, named after it', async () => {
    const targets = await api.call('exports.targets', {})
    const beside = dirname(api.dbFile)
    expect(targets).toEqual({
      jsonl: join(beside, 'review.jsonl'),
      markdown: join(beside, 'review-markdown'),
      'page-xml': join(beside, 'review-page-xml')
    })
  })

  it('writes every page as a JSON line, and nothing the second time', async () => {
    const file = join(out.dir, 'corpus.jsonl')
    const first = await api.call('exports.run', { format: 'jsonl', target: file })
    expect(first).toMatchObject({ format: 'jsonl', target: file, count: pages, of: 'pages' })
    expect(first.added).toBe(1)
    const lines = readFileSync(file, 'utf8').trim().split('\n')
    expect(lines).toHaveLength(pages)
    expect(JSON.parse(lines[0]!)).toHaveProperty('text')
    const again = await api.call('exports.run', { format: 'jsonl', target: file })
    expect(again).toMatchObject({ added: 0, changed: 0, unchanged: 1 })
    const progress = api.events.filter((e) => e.name === 'export.progress').at(-1)
    expect(progress?.payload).toEqual({ format: 'jsonl', done: pages, total: pages })
  })

  it('writes a Markdown file per document', async () => {
    const dir = join(out.dir, 'markdown')
    const summary = await api.call('exports.run', { format: 'markdown', target: dir })
    const docs = await api.call('documents.list', {})
    expect(summary).toMatchObject({ count: docs.length, of: 'documents', added: docs.length })
    expect(readdirSync(dir).filter((name) => name.endsWith('.md'))).toHaveLength(docs.length)
  })

  it('writes PAGE-XML beside a picture of each page', async () => {
    const dir = join(out.dir, 'page-xml')
    const summary = await api.call('exports.run', { format: 'page-xml', target: dir })
    expect(summary).toMatchObject({ count: pages, of: 'pages', errors: [] })
    const names = readdirSync(dir)
    expect(names.filter((name) => name.endsWith('.xml'))).toHaveLength(pages)
    expect(names.filter((name) => name.endsWith('.png'))).toHaveLength(pages)
    expect(
      existsSync(
        join(
          dir,
          names.find((n) => n.endsWith('.xml'))!
        )
      )
    ).toBe(true)
  })

  it('refuses an unknown format at the boundary', async () => {
    expect(
      await api.backend.dispatch('exports.run', { format: 'docx', target: out.dir })
    ).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
  })
})
