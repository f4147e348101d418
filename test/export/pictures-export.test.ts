import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { exportJsonl } from '../../src-main/export/jsonl-export.js'
import { JsonlRecord } from '../../src-main/export/jsonl-record.js'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { corpusPdf, ingestPdf } from './project.js'

const tmp = tempDir('recto-pictures-')
afterAll(() => tmp.remove())

describe('pictures in the JSONL export', () => {
  it('gives a paper’s figures their boxes and links each to its caption', async () => {
    const db = openDatabase(join(tmp.dir, 'project.recto'))
    ingestPdf(db, corpusPdf('olmocr__not_parsing2.pdf'))
    const file = join(tmp.dir, 'pages.jsonl')
    await exportJsonl(db, file)
    db.close()
    const records = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JsonlRecord.parse(JSON.parse(line)))
    const page3 = records.find((r) => r.page === 3)!
    const captioned = page3.pictures!.filter((p) => p.caption)
    expect(captioned).toHaveLength(1)
    expect(captioned[0]!.caption!.text).toMatch(/^Fig\. 2 – Antineoplastic action/u)
    const block = page3.blocks.find((b) => b.id === captioned[0]!.caption!.block)!
    expect(block.role).toBe('caption')
    // The caption stands just under or over its figure, across the same width.
    const [x0, y0, x1, y1] = captioned[0]!.bbox
    expect(Math.min(x1, block.bbox[2]) - Math.max(x0, block.bbox[0])).toBeGreaterThan(0)
    expect(Math.min(Math.abs(block.bbox[1] - y1), Math.abs(y0 - block.bbox[3]))).toBeLessThan(40)
    expect(records.find((r) => r.page === 6)!.pictures!.some((p) => p.caption)).toBe(true)
    // A text page without images has no pictures field at all.
    expect(records.some((r) => r.pictures === undefined)).toBe(true)
  })
})
