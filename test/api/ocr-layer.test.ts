import { afterAll, describe, expect, it } from 'vitest'
import { testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { POOR_LAYER_LINES, SCANNED_LINES } from '../helpers/layer-lines.js'
import { writeLayeredScan } from '../helpers/layered-scan.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 180_000

const api = testBackend()
const dir = tempDir('recto-api-ocr-layer-')
afterAll(async () => {
  await api.close()
  dir.remove()
})

describe('a poor OCR layer in a project', { timeout: OCR_TIMEOUT }, () => {
  it('is offered to OCR, read again, and the new reading stored with the flag saying why', async () => {
    const file = writeLayeredScan(dir.dir, 'poor-layer.pdf', {
      lines: SCANNED_LINES,
      layer: POOR_LAYER_LINES
    })
    const add = await api.call('documents.add', { paths: [file] })
    await api.waitFor('job.finished', (job) => job.id === add.jobId)
    const [document] = await api.call('documents.list', {})
    const ref = { documentId: document!.id, pageNo: 1 }
    const before = await api.call('pages.get', ref)
    expect(before.decision).toBe('ocr')
    expect(before.flags).toContainEqual(
      expect.objectContaining({ code: 'ocr_layer', severity: 'error' })
    )
    const { jobId } = await api.call('pages.ocr', { documentId: ref.documentId })
    expect(await api.waitFor('job.finished', (job) => job.id === jobId)).toMatchObject({
      status: 'succeeded'
    })
    const after = await api.call('pages.get', ref)
    expect(after.state.text).toContain('The colonial period (1880-1919) changed the harbour')
    expect(after.flags).toContainEqual(
      expect.objectContaining({ code: 'ocr_layer', severity: 'info' })
    )
    expect(after.decision).toBe('review')
  })
})
