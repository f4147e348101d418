import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testBackend } from '../helpers/backend.js'
import { templatePdf } from '../helpers/template-pdf.js'

const api = testBackend()
let first: number
let second: number

beforeAll(async () => {
  const { dir } = api
  const files = [join(dir, 'first.pdf'), join(dir, 'second.pdf')]
  writeFileSync(
    files[0]!,
    templatePdf(['two-column', 'two-column', 'two-column'], { 2: 'the rnodern plan of 2O15' })
  )
  writeFileSync(files[1]!, templatePdf(['wide-left', 'wide-left'], { 1: 'a rnodern office' }))
  const { jobId } = await api.call('documents.add', { paths: files })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  const docs = await api.call('documents.list', {})
  first = docs.find((d) => d.name === 'first.pdf')!.id
  second = docs.find((d) => d.name === 'second.pdf')!.id
})

afterAll(() => api.close())

const text = async (documentId: number, pageNo: number): Promise<string> =>
  (await api.call('pages.get', { documentId, pageNo })).state.text

describe('find and replace across the project', () => {
  it('finds a word on the pages of both documents, in context and on its line', async () => {
    const found = await api.call('replace.find', { query: { pattern: 'rnodern' } })
    expect(found.pages).toBe(2)
    expect(found.truncated).toBe(false)
    expect(found.matches.map((m) => [m.documentName, m.pageNo])).toEqual([
      ['first.pdf', 2],
      ['second.pdf', 1]
    ])
    const [match] = found.matches
    expect(match).toMatchObject({ before: 'the ', match: 'rnodern' })
    expect(match!.after).toMatch(/^ plan of 2O15 /)
    // The first line of the left column, 720 points up from the foot of an A4 page.
    expect(match!.box![1]).toBeGreaterThan(842 - 735)
    expect(match!.box![3]).toBeLessThan(842 - 705)
  })

  it('finds by a regular expression, case-insensitive when asked', async () => {
    const found = await api.call('replace.find', {
      query: { pattern: 'RN(o)DERN', regex: true, caseSensitive: false }
    })
    expect(found.matches).toHaveLength(2)
    await expect(
      api.call('replace.find', { query: { pattern: 'a(', regex: true } })
    ).rejects.toThrow(/invalid-input: a\(: /)
    await expect(
      api.call('replace.find', { query: { pattern: 'x*', regex: true } })
    ).rejects.toThrow(/matches empty text/)
  })

  it('suggests the OCR confusions where a word is no word of its page', async () => {
    const suggestions = await api.call('replace.suggestions', {})
    expect(suggestions).toContainEqual({
      word: 'rnodern',
      fixed: 'modern',
      read: 'rn',
      meant: 'm',
      pages: 2
    })
    expect(suggestions).toContainEqual(expect.objectContaining({ word: '2O15', fixed: '2015' }))
    expect(suggestions.map((s) => s.word)).not.toContain('modern')
  })

  it('replaces on exactly the pages named, a revision each, and one undo reverts them', async () => {
    const untouched = await text(first, 1)
    const applied = await api.call('replace.apply', {
      query: { pattern: 'rn(o)dern', regex: true },
      replacement: 'm$1dern',
      pages: [
        { documentId: first, pageNo: 2 },
        { documentId: second, pageNo: 1 },
        { documentId: first, pageNo: 3 }
      ]
    })
    expect(applied.pages).toBe(2)
    expect(applied.skipped).toEqual([{ documentId: first, pageNo: 3, reason: 'no match' }])
    expect(await text(first, 2)).toContain('the modern plan')
    expect(await text(second, 1)).toContain('a modern office')
    expect(await text(first, 1)).toBe(untouched)
    for (const [documentId, pageNo] of [
      [first, 2],
      [second, 1]
    ] as const) {
      const history = await api.call('revisions.history', { documentId, pageNo })
      expect(history).toHaveLength(1)
      expect(history[0]).toMatchObject({ action: 'replace', from: applied.label })
      expect(history[0]!.changes).toEqual(['text of 1 block edited'])
    }
    expect((await api.call('replace.find', { query: { pattern: 'rnodern' } })).matches).toEqual([])

    const undone = await api.call('batches.undo', { batchId: applied.batchId })
    expect(undone).toMatchObject({ pages: 2, skipped: [] })
    expect(await text(first, 2)).toContain('the rnodern plan')
    expect(await text(second, 1)).toContain('a rnodern office')
  })
})
