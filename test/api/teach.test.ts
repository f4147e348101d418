import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageDetail } from '../../src-main/shared/contract.js'
import { testBackend } from '../helpers/backend.js'
import { templatePdf, type Template } from '../helpers/template-pdf.js'

const api = testBackend()
const TWELVE: Template[] = Array.from({ length: 12 }, () => 'two-column')
let report: number
let other: number

beforeAll(async () => {
  const { dir } = api
  const files = [join(dir, 'report.pdf'), join(dir, 'other.pdf')]
  writeFileSync(files[0]!, templatePdf(TWELVE))
  // Another report of the same template, a page with one more column, one of other widths.
  writeFileSync(files[1]!, templatePdf(['two-column', 'three-column', 'wide-left']))
  const { jobId } = await api.call('documents.add', { paths: files })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  const docs = await api.call('documents.list', {})
  report = docs.find((d) => d.name === 'report.pdf')!.id
  other = docs.find((d) => d.name === 'other.pdf')!.id
})

afterAll(() => api.close())

const get = (documentId: number, pageNo: number): Promise<PageDetail> =>
  api.call('pages.get', { documentId, pageNo })

/** The right column read before the left one: the fix the reviewer makes on page 1. */
function columnsSwapped(detail: PageDetail): number[] {
  const order = [...detail.state.order]
  const body = order.filter((id) => detail.roles[id] === 'body')
  const [left, right] = body
  return order.map((id) => (id === left ? right! : id === right ? left! : id))
}

describe('teaching an order by example', () => {
  it('offers nothing from a page the reviewer has not changed', async () => {
    const similar = await api.call('teach.similar', { documentId: report, pageNo: 1 })
    expect(similar.taught).toEqual([])
    expect(similar.proposals).toEqual([])
  })

  it('proposes the pages of the same layout in the project, and applies the fix as one batch', async () => {
    const page1 = await get(report, 1)
    const order = columnsSwapped(page1)
    const title = page1.autoOrder.find((id) => page1.roles[id] === 'header' && id === 1)
    await api.call('revisions.save', {
      documentId: report,
      pageNo: 1,
      order,
      excluded: page1.state.excluded,
      blockText: {},
      pageText: null,
      status: 'unreviewed'
    })
    if (title !== undefined) {
      await api.call('revisions.restructure', {
        documentId: report,
        pageNo: 1,
        edit: { kind: 'role', id: title, role: 'heading' }
      })
    }

    const similar = await api.call('teach.similar', { documentId: report, pageNo: 1 })
    expect(similar.measure).toMatch(/same page size/)
    expect(similar.taught).toContain('order')
    const proposed = similar.proposals.map((p) => `${p.documentName} ${p.pageNo}`)
    // Pages 2-12 of the report and page 1 of the other report; not the three-column page, not
    // the page whose columns have other widths.
    expect(proposed).toEqual([
      ...TWELVE.slice(1).map((_, i) => `report.pdf ${i + 2}`),
      'other.pdf 1'
    ])
    const two = similar.proposals[0]!
    const twoDetail = await get(report, 2)
    expect(two.blocks.map((b) => b.id)).toEqual(columnsSwapped(twoDetail))

    const targets = similar.proposals.map((p) => ({ documentId: p.documentId, pageNo: p.pageNo }))
    const applied = await api.call('teach.apply', { documentId: report, pageNo: 1, targets })
    expect(applied.pages).toBe(12)
    expect(applied.skipped).toEqual([])
    for (const { documentId, pageNo } of targets) {
      const detail = await get(documentId, pageNo)
      const before = await api.call('revisions.history', { documentId, pageNo })
      expect(detail.state.order).toEqual(
        columnsSwapped({ ...detail, state: { ...detail.state, order: detail.autoOrder } })
      )
      expect(before.at(-1)?.from).toBe(applied.label)
      expect(applied.label).toMatch(/from page 1 of report\.pdf/)
      if (title !== undefined) expect(detail.roles[title]).toBe('heading')
    }
    expect((await get(other, 2)).state.revisionId).toBeNull()

    // One undo takes every page back, the example page's own last edit with them.
    const undone = await api.call('batches.undo', { batchId: applied.batchId })
    expect(undone.pages).toBe(13)
    for (const { documentId, pageNo } of targets) {
      const detail = await get(documentId, pageNo)
      expect(detail.state.order).toEqual(detail.autoOrder)
    }
    // The example page's two edits (the order, the title's role) are undone with it.
    const page1Now = await get(report, 1)
    expect(page1Now.state.order).toEqual(page1.autoOrder)
    expect(page1Now.roles).toEqual(page1.roles)
    await expect(api.call('batches.undo', { batchId: applied.batchId })).rejects.toThrow(
      /already undone/
    )
  })

  it('refuses to teach a page whose blocks were merged', async () => {
    const page3 = await get(report, 3)
    const body = page3.state.order.filter((id) => page3.roles[id] === 'body')
    await api.call('revisions.restructure', {
      documentId: report,
      pageNo: 3,
      edit: { kind: 'merge', ids: body }
    })
    await expect(api.call('teach.similar', { documentId: report, pageNo: 3 })).rejects.toThrow(
      /conflict: the page has merged/
    )
  })
})
