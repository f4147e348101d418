import { afterAll, describe, expect, it } from 'vitest'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { SCANNED_LETTER_WORDS, writeUpsideDownScanPdf } from '../helpers/part-scanned.js'
import { join } from 'node:path'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 180_000

const api = testBackend()
const dir = tempDir('recto-ocr-again-')
afterAll(async () => {
  await api.close()
  dir.remove()
})

async function ocr(input: Parameters<typeof api.call<'pages.ocr'>>[1]) {
  const { jobId } = await api.call('pages.ocr', input)
  return api.waitFor('job.finished', (job) => job.id === jobId)
}

describe('OCR a reviewer asks for', { timeout: OCR_TIMEOUT }, () => {
  it('reads an upside-down scan turned first, and can read a page again', async () => {
    const documentId = await api.ingested(writeUpsideDownScanPdf(dir.dir))
    const page = { documentId, pageNo: 1 }
    expect((await api.call('pages.get', page)).decision).toBe('ocr')

    expect(await ocr({ ...page, turn: 180 })).toMatchObject({ status: 'succeeded' })
    const turned = await api.call('pages.get', page)
    for (const word of SCANNED_LETTER_WORDS) expect(turned.state.text).toContain(word)
    expect(turned.layout.ocr?.meanConfidence).toBeGreaterThan(80)
    expect(turned.decision).toBe('review')
    // Upside down on the page: the letter's first line is near the page's bottom.
    const first = turned.layout.blocks.find((block) => block.source === 'ocr')!
    const lowest = Math.max(...turned.layout.blocks.map((block) => block.bbox[3]))
    expect(first.bbox[3]).toBe(lowest)

    // Read again: OCR'd already, the page is still offered to OCR when a reviewer asks.
    expect(await ocr({ ...page, turn: 90 })).toMatchObject({
      status: 'succeeded',
      pages: { done: 1, total: 1 }
    })
    const sideways = await api.call('pages.get', page)
    expect(sideways.layout.ocr?.meanConfidence).not.toBe(turned.layout.ocr?.meanConfidence)
    expect(sideways.quality).toBeLessThan(turned.quality)
  })

  it('OCRs a page marked for OCR with the rest, and counts it as not reviewed until then', async () => {
    const documentId = await api.ingested(join(SAMPLES_DIR, 'running-headers.pdf'))
    const page = { documentId, pageNo: 1 }
    const before = await api.call('pages.get', page)
    expect(before.layout.ocr).toBeUndefined()
    await api.call('revisions.save', {
      ...page,
      order: before.state.order,
      excluded: before.state.excluded,
      blockText: {},
      pageText: null,
      status: 'ocr'
    })
    const listed = async () =>
      (await api.call('documents.list', {})).find((d) => d.id === documentId)
    expect((await listed())?.reviewed).toBe(0)

    expect(await ocr({ documentId })).toMatchObject({ status: 'succeeded' })
    const after = await api.call('pages.get', page)
    expect(after.layout.ocr?.scope).toBe('page')
    expect(after.layout.blocks.every((block) => block.source === 'ocr')).toBe(true)
    // Its review starts again from what OCR read: the old revisions name the text layer's blocks.
    expect(after.state).toMatchObject({ status: 'unreviewed', order: after.autoOrder })
    const history = await api.call('revisions.history', page)
    // Signed by who asked for the OCR: the backend's author here.
    expect(history.at(-1)).toMatchObject({ author: 'tester', action: 'ocr' })
    expect((await listed())?.reviewed).toBe(0)
    // Done: a second run finds nothing more to read on that page.
    expect(await ocr({ documentId })).toMatchObject({ pages: { total: 0 } })
  })
})
