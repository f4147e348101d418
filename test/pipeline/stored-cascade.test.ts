import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingest } from '../../src-main/jobs/ingest.js'
import type { CascadeChoice } from '../../src-main/pipeline/cascade.js'
import {
  cascadeStored,
  type StoredCascadeProgress
} from '../../src-main/pipeline/stored-cascade.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { getPage } from '../../src-main/store/pages.js'
import { readTextLayer } from '../../src-main/store/text-layers.js'
import { recto } from '../helpers/cli.js'
import { tempDir } from '../helpers/db.js'
import { writeMixedPdf } from '../helpers/mixed-pdf.js'
import { TYPE3_LINES } from '../helpers/type3-pdf.js'

// Font repair and OCR take seconds each, many more on a busy machine.
const TIMEOUT = 240_000

// tesseract.js, so that what is tested does not depend on the tesseract program being installed.
const CHOICE: CascadeChoice = { backend: 'tesseract.js', languages: null }

describe('the cascade over a project', { timeout: TIMEOUT }, () => {
  const dir = tempDir('recto-cascade-')
  let file: string
  let db: WritableDB
  const documentId = 1

  beforeAll(async () => {
    file = writeMixedPdf(dir.dir)
    db = openDatabase(join(dir.dir, 'project.sqlite'))
    await ingest(db, [file], { workers: 1 })
  }, TIMEOUT)

  afterAll(() => {
    db.close()
    dir.remove()
  })

  it('stops when asked, keeping nothing half learned, and goes on where it stopped', async () => {
    const before = [1, 2, 3].map((page) => getPage(db, documentId, page)!)
    expect(before.map((page) => page.analysis.decision)).toEqual(['review', 'ocr', 'ok'])

    const controller = new AbortController()
    const stopped = await cascadeStored(db, CHOICE, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.stage === 'font repair' && progress.done > 0) controller.abort()
      }
    })
    expect(stopped.repaired).toEqual([])
    expect(stopped.ocr.done).toBe(0)
    expect(getPage(db, documentId, 1)?.analysis.text).toContain('Spee\ufffdh')
    expect(readTextLayer(db, documentId, 2)).toBeUndefined()

    const seen: StoredCascadeProgress['stage'][] = []
    const result = await cascadeStored(db, CHOICE, {
      onProgress: (progress) => {
        if (seen.at(-1) !== progress.stage) seen.push(progress.stage)
      }
    })
    // Font repair first, then OCR of what is still unusable, each stage once.
    expect(seen).toEqual(['font repair', 'OCR'])
    expect(result).toMatchObject({ repaired: [documentId], repairFailed: [] })
    expect(result.ocr).toMatchObject({ done: 1, total: 1, failed: [] })

    const repaired = getPage(db, documentId, 1)!
    const scanned = getPage(db, documentId, 2)!
    const text = getPage(db, documentId, 3)
    expect(repaired.analysis.text.split(/\s+/)).toEqual(TYPE3_LINES.join(' ').split(' '))
    expect(repaired.analysis.decision).toBe('ok')
    expect(readTextLayer(db, documentId, 1)).toBeUndefined()
    expect(readTextLayer(db, documentId, 2)).toBeDefined()
    expect(scanned.analysis.decision).toBe('review')
    expect(text).toEqual(before[2])
  })

  it('gives the text `recto text --ocr` prints for the same file', () => {
    const printed = recto('text', file, '--ocr', '--ocr-backend', 'tesseract.js')
    expect(printed.status).toBe(0)
    const stored = [1, 2, 3].map((page) => getPage(db, documentId, page)!.analysis.text)
    expect(printed.stdout.replace(/\n$/, '').split('\f')).toEqual(stored)
  })
})
