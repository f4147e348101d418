import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mupdf } from '../../src-main/extract/mupdf.js'
import type { PageDetail } from '../../src-main/shared/contract.js'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'

const api = testBackend()
let page: PageDetail

beforeAll(async () => {
  const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  const docs = await api.call('documents.list', {})
  const article = docs.find((d) => d.name === 'two-column-article.pdf')
  if (!article) throw new Error('two-column-article.pdf was not ingested')
  page = await api.call('pages.get', { documentId: article.id, pageNo: 1 })
})

afterAll(() => api.close())

const ref = () => ({ documentId: page.documentId, pageNo: page.pageNo })

describe('reviewing a page through the API', () => {
  it('starts from the extraction', () => {
    expect(page.state).toMatchObject({ revisionId: null, canUndo: false, canRedo: false })
    expect(page.state.order).toEqual(page.autoOrder)
    expect(page.state.text).toBe(page.extractedText)
    expect(page.blockText).toHaveLength(page.layout.blocks.length)
  })

  it('stores each change as a revision, with the text composed by the engine', async () => {
    const reversed = [...page.autoOrder].reverse()
    const kept = (id: number) => !page.state.excluded.includes(id)
    const reordered = await api.call('revisions.save', {
      ...ref(),
      order: reversed,
      excluded: page.state.excluded,
      blockText: {},
      pageText: null,
      status: 'unreviewed'
    })
    const lastBlock = page.blockText[reversed.find(kept)!]!
    expect(reordered.text.startsWith(lastBlock)).toBe(true)
    expect(reordered).toMatchObject({ canUndo: true, canRedo: false, pageText: null })

    const first = page.autoOrder.find(kept)
    const excluded = await api.call('revisions.save', {
      ...ref(),
      order: reversed,
      excluded: [...page.state.excluded, first!],
      blockText: {},
      pageText: null,
      status: 'unreviewed'
    })
    expect(excluded.text).not.toContain(page.blockText[first!])

    const approved = await api.call('revisions.save', {
      ...ref(),
      order: excluded.order,
      excluded: excluded.excluded,
      blockText: excluded.blockText,
      pageText: excluded.text.replace('columns', 'kolumns'),
      status: 'approved'
    })
    // Approving a changed page records it as corrected; a hand-edited text is reported as such.
    expect(approved.status).toBe('corrected')
    expect(approved.pageText).toContain('kolumns')

    const history = await api.call('revisions.history', ref())
    expect(history.map((r) => r.action)).toEqual(['reorder', 'exclude', 'approve'])
    expect(history.every((r) => r.author === 'tester')).toBe(true)
  })

  it('undoes and redoes by appending revisions', async () => {
    const undone = await api.call('revisions.undo', ref())
    expect(undone).toMatchObject({ status: 'unreviewed', pageText: null, canRedo: true })
    const twice = await api.call('revisions.undo', ref())
    expect(twice.excluded).toEqual(page.state.excluded)
    const redone = await api.call('revisions.redo', ref())
    expect(redone.excluded).toEqual(undone.excluded)
    const again = await api.call('revisions.redo', ref())
    expect(again).toMatchObject({ status: 'corrected', canRedo: false })
    expect(await api.backend.dispatch('revisions.redo', ref())).toMatchObject({
      ok: false,
      error: { code: 'conflict' }
    })
    const history = await api.call('revisions.history', ref())
    expect(history.map((r) => r.action).slice(-4)).toEqual(['undo', 'undo', 'redo', 'redo'])
  })

  it('reads back what was stored, as a reload would', async () => {
    const fresh = await api.call('pages.get', ref())
    expect(fresh.state).toMatchObject({ status: 'corrected', canUndo: true, canRedo: false })
    expect(fresh.state.text).toContain('kolumns')
  })

  it('adds no revision for a save that changes nothing', async () => {
    const fresh = await api.call('pages.get', ref())
    const before = await api.call('revisions.history', ref())
    await api.call('revisions.save', {
      ...ref(),
      order: fresh.state.order,
      excluded: fresh.state.excluded,
      blockText: fresh.state.blockText,
      pageText: fresh.state.pageText,
      status: fresh.state.status
    })
    expect(await api.call('revisions.history', ref())).toEqual(before)
  })

  it('composes the text from a corrected block, normalised like the extraction', async () => {
    const fresh = await api.call('pages.get', ref())
    const id = fresh.state.order.find((b) => !fresh.state.excluded.includes(b))!
    const edited = await api.call('revisions.save', {
      ...ref(),
      order: fresh.state.order,
      excluded: fresh.state.excluded,
      blockText: { [id]: 'A  corrected\u00a0block ﬁrst' },
      pageText: null,
      status: 'unreviewed'
    })
    expect(edited.pageText).toBeNull()
    expect(edited.text.startsWith('A corrected block first\n\n')).toBe(true)
    expect(edited.blockText).toEqual({ [String(id)]: 'A  corrected\u00a0block ﬁrst' })
  })

  it('says in the history what each revision changed', async () => {
    const history = await api.call('revisions.history', ref())
    expect(history[0]?.changes).toEqual([`order: ${page.autoOrder.length} blocks moved`])
    expect(history[1]?.changes).toEqual(['1 block excluded'])
    expect(history[2]?.changes).toEqual(['page text edited', 'status unreviewed → corrected'])
    expect(history[2]?.text).toContain('kolumns')
    expect(history.at(-1)?.changes).toEqual([
      'text of 1 block edited',
      'status corrected → unreviewed'
    ])
  })

  it('restores an earlier revision as a new one, which undo takes back', async () => {
    const before = await api.call('revisions.history', ref())
    const excluded = before[1]!
    const restored = await api.call('revisions.restore', { ...ref(), revisionId: excluded.id })
    expect(restored.text).toBe(excluded.text)
    expect(restored.status).toBe('unreviewed')
    const after = await api.call('revisions.history', ref())
    expect(after.slice(0, before.length)).toEqual(before)
    expect(after.at(-1)).toMatchObject({ action: 'restore', text: excluded.text })
    expect(after.at(-1)?.changes).toContain('text of 1 block edited')
    const undone = await api.call('revisions.undo', ref())
    expect(undone.text).toBe(before.at(-1)!.text)
    expect(
      await api.backend.dispatch('revisions.restore', { ...ref(), revisionId: 999_999 })
    ).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })

  it('lists the queue worst first, each flag with its severity', async () => {
    const queue = await api.call('pages.queue', {})
    const [worst] = queue.items
    expect(worst?.worstSeverity).toBe('error')
    expect(worst?.flags[0]?.severity).toBe('error')
    for (const item of queue.items) {
      const detail = await api.call('pages.get', {
        documentId: item.documentId,
        pageNo: item.pageNo
      })
      expect(item.flags).toEqual(detail.flags.map((f) => ({ code: f.code, severity: f.severity })))
    }
  })

  it('renders the page as a PNG at the asked scale', async () => {
    const image = await api.call('pages.image', { ...ref(), scale: 0.5 })
    const png = Buffer.from(image.png, 'base64')
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(image.width).toBe(Math.round(page.layout.width * 0.5))
    // What the screen's <img> shows: a whole image of the size the answer states.
    const decoded = new mupdf.Image(png)
    expect([decoded.getWidth(), decoded.getHeight()]).toEqual([image.width, image.height])
    const largest = await api.call('pages.image', { ...ref(), scale: 8 })
    expect(largest.width * largest.height).toBeLessThanOrEqual(25_000_000)
    expect(largest.width).toBeGreaterThan(page.layout.width * 6)
  })
})
