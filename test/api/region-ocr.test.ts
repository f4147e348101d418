import { afterAll, describe, expect, it } from 'vitest'
import { testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { SCANNED_LINES } from '../helpers/layer-lines.js'
import { PICTURE_BOX, writeTextAndPicture } from '../helpers/layered-scan.js'

// OCR takes seconds a region, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 180_000

const api = testBackend()
const dir = tempDir('recto-region-ocr-')
afterAll(async () => {
  await api.close()
  dir.remove()
})

const PICTURED = ['Figure 2: tonnage landed at the quay', 'Herring 1905 and mackerel 1912']

describe('a region drawn over a picture', { timeout: OCR_TIMEOUT }, () => {
  it('takes its text by OCR where the text layer has none, and undoes', async () => {
    const file = writeTextAndPicture(dir.dir, 'figure.pdf', SCANNED_LINES.slice(0, 4), PICTURED)
    const { jobId } = await api.call('documents.add', { paths: [file] })
    await api.waitFor('job.finished', (job) => job.id === jobId)
    const [document] = await api.call('documents.list', {})
    const ref = { documentId: document!.id, pageNo: 1 }
    const page = await api.call('pages.get', ref)
    expect(page.state.text).not.toContain('tonnage')
    const [x0, y0, x1, y1] = PICTURE_BOX
    const state = await api.call('revisions.restructure', {
      ...ref,
      edit: { kind: 'region', bbox: [x0 - 2, y0 - 2, x1 + 2, y1 + 2], role: 'caption' }
    })
    const region = state.order.find((id) => !page.state.order.includes(id))!
    expect(state.text).toContain('Figure 2: tonnage landed at the quay')
    expect(state.text).toContain('Herring 1905 and mackerel 1912')
    // The text layer's lines are read as before, the region's after them.
    expect(state.text.startsWith(page.state.text)).toBe(true)
    const after = await api.call('pages.get', ref)
    expect(after.roles[region]).toBe('caption')
    await api.call('revisions.undo', ref)
    expect((await api.call('pages.get', ref)).state.text).toBe(page.state.text)
  })

  it('takes the text layer lines where it has some, with no OCR', async () => {
    const [document] = await api.call('documents.list', {})
    const ref = { documentId: document!.id, pageNo: 1 }
    const page = await api.call('pages.get', ref)
    const line = page.layout.blocks[page.state.order[0]!]!.bbox
    const state = await api.call('revisions.restructure', {
      ...ref,
      edit: {
        kind: 'region',
        bbox: [line[0] - 1, line[1] - 1, line[2] + 1, line[3] + 1],
        role: 'heading'
      }
    })
    expect(state.text).toBe(page.state.text)
    expect(state.blockText).toEqual({})
  })
})
