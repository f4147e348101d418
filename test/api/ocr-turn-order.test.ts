import { afterAll, describe, expect, it } from 'vitest'
import { testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { SCANNED_LINES } from '../helpers/layer-lines.js'
import { writeStyledScan, type ScannedLine } from '../helpers/layered-scan.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 300_000

const api = testBackend()
const dir = tempDir('recto-turn-order-')
afterAll(async () => {
  await api.close()
  dir.remove()
})

const paragraph = (top: number, from: number, to: number): ScannedLine[] =>
  SCANNED_LINES.slice(from, to).map((text, i) => ({ text, x: 56, y: top + i * 16, size: 11 }))

/** Two sections, each a heading over its paragraph, and a folio. */
const PAGE: ScannedLine[] = [
  { text: 'Harbour Report', x: 56, y: 110, size: 22, bold: true },
  ...paragraph(150, 0, 4),
  { text: 'The New Quay', x: 56, y: 260, size: 16, bold: true },
  ...paragraph(290, 4, 8),
  { text: 'Page 3 of 5', x: 270, y: 810, size: 9 }
]

async function ocrText(file: string, turn?: 180): Promise<string> {
  const add = await api.call('documents.add', { paths: [file] })
  await api.waitFor('job.finished', (job) => job.id === add.jobId)
  const docs = await api.call('documents.list', {})
  const ref = { documentId: docs.find((doc) => doc.path === file)!.id, pageNo: 1 }
  const { jobId } = await api.call('pages.ocr', turn === undefined ? ref : { ...ref, turn })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  return (await api.call('pages.get', ref)).state.text
}

describe('a page read turned', { timeout: OCR_TIMEOUT }, () => {
  it('is ordered as the upright page, from its first heading down to its last line', async () => {
    const upright = await ocrText(writeStyledScan(dir.dir, 'upright.pdf', [PAGE]))
    const turned = await ocrText(writeStyledScan(dir.dir, 'upside-down.pdf', [PAGE], 180), 180)
    const at = (text: string, words: string) => text.indexOf(words)
    for (const text of [upright, turned]) {
      expect(at(text, 'Harbour Report')).toBe(0)
      expect(at(text, 'The colonial period')).toBeGreaterThan(0)
      expect(at(text, 'The harbour master')).toBeGreaterThan(at(text, 'The colonial period'))
      expect(at(text, 'The New Quay')).toBeGreaterThan(at(text, 'The harbour master'))
      expect(at(text, 'By midnight')).toBeGreaterThan(at(text, 'The New Quay'))
      expect(at(text, 'In 1912')).toBeGreaterThan(at(text, 'By midnight'))
      expect(text).not.toContain('Page 3 of 5')
    }
    expect(turned).toBe(upright)
  })
})
