import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { writePartScannedPdf, writePoorScanPdf, writeTwoScansPdf } from '../helpers/part-scanned.js'
import { threadNiceValues, threadsBehindReview } from '../helpers/threads.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 180_000

const api = testBackend()
const dir = tempDir('recto-ocr-api-')
afterAll(async () => {
  await api.close()
  dir.remove()
})

describe('pages.ocr', { timeout: OCR_TIMEOUT }, () => {
  it('OCRs the page as a job, and the page then shows its doubtful words', async () => {
    const documentId = await api.ingested(writePoorScanPdf(dir.dir))
    const before = await api.call('pages.get', { documentId, pageNo: 1 })
    expect(before.decision).toBe('ocr')
    expect(before.doubtfulWords).toEqual([])

    const { jobId } = await api.call('pages.ocr', { documentId, pageNo: 1 })
    const finished = await api.waitFor('job.finished', (job) => job.id === jobId)
    expect(finished).toMatchObject({
      kind: 'ocr',
      status: 'succeeded',
      pages: { done: 1, total: 1 },
      errors: []
    })
    expect(api.events).toContainEqual({ name: 'page.changed', payload: { documentId, pageNo: 1 } })

    const after = await api.call('pages.get', { documentId, pageNo: 1 })
    expect(after.decision).toBe('review')
    expect(after.flags.map((flag) => flag.code)).toContain('ocr_text')
    expect(after.layout.blocks.every((block) => block.source === 'ocr')).toBe(true)
    expect(after.doubtfulWords.length).toBeGreaterThan(0)
    const ids = new Set(after.layout.blocks.map((block) => block.id))
    for (const word of after.doubtfulWords) {
      expect(word.confidence).toBeLessThan(60)
      expect(ids.has(word.blockId)).toBe(true)
      expect(word.text).not.toBe('')
    }
  })

  it.runIf(process.platform === 'linux')(
    'runs behind the review: its threads yield the CPU to page opens',
    async () => {
      const documentId = await api.ingested(writeTwoScansPdf(dir.dir))
      const behind = () => threadNiceValues().filter((nice) => nice === 10).length
      const before = behind()
      const { jobId } = await api.call('pages.ocr', { documentId })
      let during = 0
      // Read as the event is emitted: one page read, the thread about to read the other.
      await api.waitFor('job.progress', (job) => {
        if (job.id !== jobId || job.pages.done !== 1 || job.pages.total !== 2) return false
        during = behind()
        return true
      })
      // The OCR thread at least. What it starts inherits its nice value (ocr-thread.test.ts): with
      // tesseract.js a worker thread of this process, kept between pages; with the tesseract
      // program a process a page, gone by now, so the count of threads cannot say more.
      expect(during - before).toBeGreaterThanOrEqual(1)
      expect(await api.waitFor('job.finished', (job) => job.id === jobId)).toMatchObject({
        status: 'succeeded'
      })
    }
  )

  it('stops when cancelled, as an ingest does', async () => {
    const documentId = await api.ingested(writePartScannedPdf(dir.dir))
    const { jobId } = await api.call('pages.ocr', { documentId })
    await api.call('jobs.cancel', { jobId })
    const finished = await api.waitFor('job.finished', (job) => job.id === jobId)
    expect(finished.status).toBe('cancelled')
  })

  it.runIf(process.platform === 'linux')(
    'reads page after page on one OCR thread, kept between the jobs',
    async () => {
      // A backend of its own: the letter is a new document there, its pages still to be read.
      const own = testBackend()
      try {
        const documentId = await own.ingested(writeTwoScansPdf(own.dir))
        const read = async (pageNo: number) => {
          const { jobId } = await own.call('pages.ocr', { documentId, pageNo })
          const job = await own.waitFor('job.finished', (j) => j.id === jobId)
          expect(job).toMatchObject({ status: 'succeeded', pages: { done: 1, total: 1 } })
        }
        const others = threadsBehindReview()
        await read(1)
        // The OCR thread and the recogniser it started, both behind the review, up between jobs.
        const afterFirst = threadsBehindReview()
        expect(
          afterFirst.filter((thread) => !others.includes(thread)).length
        ).toBeGreaterThanOrEqual(2)
        await read(2)
        expect(threadsBehindReview()).toEqual(afterFirst)
      } finally {
        await own.close()
      }
    }
  )

  it('stops the OCR of a page at once when cancelled, and the next one is read', async () => {
    const own = testBackend()
    try {
      const documentId = await own.ingested(writeTwoScansPdf(own.dir))
      const { jobId } = await own.call('pages.ocr', { documentId, pageNo: 1 })
      await own.waitFor('job.progress', (job) => job.id === jobId && job.status === 'running')
      await own.call('jobs.cancel', { jobId })
      expect(await own.waitFor('job.finished', (job) => job.id === jobId)).toMatchObject({
        status: 'cancelled',
        pages: { done: 0 }
      })
      expect((await own.call('pages.get', { documentId, pageNo: 1 })).decision).toBe('ocr')

      const next = await own.call('pages.ocr', { documentId, pageNo: 1 })
      expect(await own.waitFor('job.finished', (job) => job.id === next.jobId)).toMatchObject({
        status: 'succeeded',
        pages: { done: 1, total: 1 }
      })
      const page = await own.call('pages.get', { documentId, pageNo: 1 })
      expect(page.layout.blocks.every((block) => block.source === 'ocr')).toBe(true)
    } finally {
      await own.close()
    }
  })

  it.runIf(process.platform === 'linux')(
    'leaves no OCR thread running once the backend is closed',
    async () => {
      const own = testBackend()
      // This file's shared backend keeps its thread meanwhile.
      const others = threadsBehindReview()
      // The sample letter, not the poor scan: read as it stands in English, with none of the
      // poor scan's trials of a turn and of three Cyrillic models (5-8 s of CPU, each model a
      // recogniser of its own), which this test does not need to leave threads behind.
      const documentId = await own.ingested(join(SAMPLES_DIR, 'scanned-page.pdf'))
      const { jobId } = await own.call('pages.ocr', { documentId, pageNo: 1 })
      await own.waitFor('job.finished', (job) => job.id === jobId)
      const ocrThreads = threadsBehindReview().filter((thread) => !others.includes(thread))
      expect(ocrThreads.length).toBeGreaterThanOrEqual(2)
      await own.close()
      expect(threadsBehindReview().filter((thread) => ocrThreads.includes(thread))).toEqual([])
    }
  )
})
