import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPageView } from '../../src-main/export/page-view.js'
import type { PageDetail } from '../../src-main/shared/contract.js'
import { openDatabaseReadOnly } from '../../src-main/store/open.js'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'

const api = testBackend()
let page: PageDetail

beforeAll(async () => {
  const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  const docs = await api.call('documents.list', {})
  const article = docs.find((d) => d.name === 'two-column-article.pdf')!
  page = await api.call('pages.get', { documentId: article.id, pageNo: 1 })
})

afterAll(() => api.close())

const ref = () => ({ documentId: page.documentId, pageNo: page.pageNo })
const fresh = () => api.call('pages.get', ref())
/** Body blocks in reading order, with at least `lines` lines. */
const bodyBlocks = (detail: PageDetail, lines = 1) =>
  detail.state.order.filter(
    (id) => detail.roles[id] === 'body' && (detail.blockLines[id]?.length ?? 0) >= lines
  )

async function undoTo(before: PageDetail): Promise<void> {
  const undone = await api.call('revisions.undo', ref())
  expect(undone.structureKey).toBe(before.state.structureKey)
  const again = await fresh()
  expect(again.layout.blocks).toEqual(before.layout.blocks)
  expect(again.state.text).toBe(before.state.text)
}

describe('editing the blocks of a page', () => {
  it('changes a role, and an excluded role leaves the block out of the text', async () => {
    const [id] = bodyBlocks(page)
    const state = await api.call('revisions.restructure', {
      ...ref(),
      edit: { kind: 'role', id: id!, role: 'footer' }
    })
    expect(state.structureKey).not.toBe('')
    expect(state.excluded).toContain(id)
    expect(state.text).not.toContain(page.blockText[id!]!.slice(0, 40))
    const after = await fresh()
    expect(after.roles[id!]).toBe('footer')
    await undoTo(page)
  })

  it('merges two blocks into the first, in reading order', async () => {
    const [a, b] = bodyBlocks(page)
    const state = await api.call('revisions.restructure', {
      ...ref(),
      edit: { kind: 'merge', ids: [b!, a!] }
    })
    const after = await fresh()
    expect(after.layout.blocks).toHaveLength(page.layout.blocks.length - 1)
    expect(after.blockLines[a!]).toEqual([...page.blockLines[a!]!, ...page.blockLines[b!]!])
    expect(state.order).not.toContain(b)
    const history = await api.call('revisions.history', ref())
    expect(history.at(-1)).toMatchObject({ action: 'merge' })
    expect(history.at(-1)?.changes).toContain(
      `blocks regrouped: ${page.layout.blocks.length} → ${page.layout.blocks.length - 1}`
    )
    await undoTo(page)
  })

  it('splits a block before a line, the new block right after it', async () => {
    const [id] = bodyBlocks(page, 2)
    const lines = page.blockLines[id!]!
    const state = await api.call('revisions.restructure', {
      ...ref(),
      edit: { kind: 'split', id: id!, line: 1 }
    })
    const after = await fresh()
    const added = state.order[state.order.indexOf(id!) + 1]!
    expect(after.blockLines[id!]).toEqual(lines.slice(0, 1))
    expect(after.blockLines[added]).toEqual(lines.slice(1))
    expect(added).toBeGreaterThanOrEqual(page.layout.blocks.length)
    expect(
      await api.backend.dispatch('revisions.restructure', {
        ...ref(),
        edit: { kind: 'split', id: id!, line: 1 }
      })
    ).toMatchObject({ ok: false, error: { code: 'conflict' } })
    await undoTo(page)
  })

  it('draws a region that takes the text-layer lines under it, and deletes it', async () => {
    const [id] = bodyBlocks(page)
    const box = page.layout.blocks.find((b) => b.id === id)!.bbox
    const state = await api.call('revisions.restructure', {
      ...ref(),
      edit: {
        kind: 'region',
        bbox: [box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2],
        role: 'caption'
      }
    })
    const after = await fresh()
    const region = state.order.find((other) => !page.state.order.includes(other))!
    expect(after.roles[region]).toBe('caption')
    expect(after.blockLines[region]).toEqual(page.blockLines[id!])
    // The block the region emptied is gone; the text reads the same.
    expect(state.order).not.toContain(id)
    expect(state.text).toBe(page.state.text)

    const deleted = await api.call('revisions.restructure', {
      ...ref(),
      edit: { kind: 'delete', id: region }
    })
    expect(deleted.order).not.toContain(region)
    expect(deleted.text).not.toContain(page.blockText[id!]!.slice(0, 40))
    await api.call('revisions.undo', ref())
    await undoTo(page)
  })

  it('hands the exports the role the reviewer set', async () => {
    const [id] = bodyBlocks(page)
    await api.call('revisions.restructure', {
      ...ref(),
      edit: { kind: 'role', id: id!, role: 'table' }
    })
    const db = openDatabaseReadOnly(api.dbFile)
    try {
      const view = loadPageView(db, page.documentId, page.pageNo)
      expect(view.blocks.find((b) => b.block.id === id)?.role).toBe('table')
    } finally {
      db.close()
    }
    await undoTo(page)
  })
})
