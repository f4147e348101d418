import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { writeMixedPdf } from '../helpers/mixed-pdf.js'
import { writePoorScanPdf } from '../helpers/part-scanned.js'
import { SAMPLES_DIR } from '../helpers/backend.js'
import { TYPE3_LINES } from '../helpers/type3-pdf.js'

// Font repair and OCR take seconds each, many more on a busy machine.
const TIMEOUT = 240_000

const api = testBackend()
const dir = tempDir('recto-cascade-api-')
afterAll(async () => {
  await api.close()
  dir.remove()
})

describe('documents.add with the cascade', { timeout: TIMEOUT }, () => {
  it('follows the ingest with font repair and OCR as a job of its own, which Stop ends', async () => {
    const file = writeMixedPdf(dir.dir)
    const { jobId } = await api.call('documents.add', { paths: [file], cascade: true })
    await api.waitFor('job.finished', (job) => job.id === jobId && job.status === 'succeeded')
    const first = await api.waitFor('job.progress', (job) => job.kind === 'ocr')
    await api.call('jobs.cancel', { jobId: first.id })
    expect(await api.waitFor('job.finished', (job) => job.id === first.id)).toMatchObject({
      status: 'cancelled'
    })
    const documentId = (await api.call('documents.list', {})).find((d) => d.path === file)!.id
    const page = (pageNo: number) => api.call('pages.get', { documentId, pageNo })
    expect((await page(2)).decision).toBe('ocr')

    // The same cascade asked again from the review screen goes on where it stopped.
    const again = await api.call('pages.ocr', { documentId })
    const finished = await api.waitFor('job.finished', (job) => job.id === again.jobId)
    expect(finished).toMatchObject({ kind: 'ocr', status: 'succeeded', errors: [] })
    expect(finished.pages).toEqual({ done: 1, total: 1 })
    expect(api.events).toContainEqual({ name: 'page.changed', payload: { documentId, pageNo: 1 } })
    const repaired = await page(1)
    expect(repaired.extractedText.split(/\s+/)).toEqual(TYPE3_LINES.join(' ').split(' '))
    expect(repaired.layout.blocks.every((block) => block.source !== 'ocr')).toBe(true)
    const scanned = await page(2)
    expect(scanned.decision).toBe('review')
    expect(scanned.layout.blocks.every((block) => block.source === 'ocr')).toBe(true)
  })

  it('follows a file uploaded from a browser the same way', async () => {
    const other = tempDir('recto-cascade-api-upload-')
    try {
      const data = readFileSync(writeMixedPdf(other.dir)).toString('base64')
      const known = new Set((await api.call('jobs.list', {})).map((job) => job.id))
      const { jobId } = await api.call('documents.upload', {
        name: 'uploaded-mixed.pdf',
        data,
        cascade: true
      })
      await api.waitFor('job.finished', (job) => job.id === jobId && job.status === 'succeeded')
      const ocr = await api.waitFor(
        'job.progress',
        (job) => job.kind === 'ocr' && !known.has(job.id)
      )
      await api.call('jobs.cancel', { jobId: ocr.id })
      await api.waitFor('job.finished', (job) => job.id === ocr.id)
    } finally {
      other.remove()
    }
  })

  it("follows an added file with the cascade of that file only, never other documents' pages", async () => {
    const other = tempDir('recto-cascade-api-others-')
    try {
      // A scan waiting for OCR, added without the cascade: nobody asked for its OCR yet.
      const scan = writePoorScanPdf(other.dir)
      const added = await api.call('documents.add', { paths: [scan] })
      await api.waitFor('job.finished', (job) => job.id === added.jobId)
      const scanId = (await api.call('documents.list', {})).find((d) => d.path === scan)!.id
      const before = await api.call('pages.get', { documentId: scanId, pageNo: 1 })
      expect(before.decision).toBe('ocr')

      const known = new Set((await api.call('jobs.list', {})).map((job) => job.id))
      const file = `${SAMPLES_DIR}/running-headers.pdf`
      const { jobId } = await api.call('documents.add', { paths: [file], cascade: true })
      await api.waitFor('job.finished', (job) => job.id === jobId && job.status === 'succeeded')
      const ocr = await api.waitFor(
        'job.finished',
        (job) => job.kind === 'ocr' && !known.has(job.id)
      )
      expect(ocr).toMatchObject({ status: 'succeeded', pages: { done: 0, total: 0 } })
      const after = await api.call('pages.get', { documentId: scanId, pageNo: 1 })
      expect(after.decision).toBe('ocr')
      expect(after.layout.ocr).toBeUndefined()
      expect(api.events).not.toContainEqual({
        name: 'page.changed',
        payload: { documentId: scanId, pageNo: 1 }
      })
    } finally {
      other.remove()
    }
  })

  it('ingests alone when not asked for it', async () => {
    const ocrJobs = async () =>
      (await api.call('jobs.list', {})).filter((job) => job.kind === 'ocr').length
    const before = await ocrJobs()
    const other = tempDir('recto-cascade-api-alone-')
    try {
      const { jobId } = await api.call('documents.add', { paths: [writeMixedPdf(other.dir)] })
      await api.waitFor('job.finished', (job) => job.id === jobId)
      expect(await ocrJobs()).toBe(before)
    } finally {
      other.remove()
    }
  })
})
