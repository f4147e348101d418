import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportJsonl } from '../../src-main/export/jsonl-export.js'
import { JsonlRecord } from '../../src-main/export/jsonl-record.js'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { corpusPdf, ingestPdf } from './project.js'
import { runCli } from './run-cli.js'

const tmp = tempDir('recto-pictures-')
const project = join(tmp.dir, 'project.recto')
beforeAll(() => {
  const db = openDatabase(project)
  ingestPdf(db, corpusPdf('olmocr__not_parsing2.pdf'))
  db.close()
})
afterAll(() => tmp.remove())

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}

describe('pictures in the JSONL export', () => {
  it('gives a paper’s figures their boxes and links each to its caption', async () => {
    const db = openDatabase(project)
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

  it('writes each picture as a PNG of its box at 150 dpi with --pictures', async () => {
    const dir = join(tmp.dir, 'pictures')
    const run = await runCli(['export', '--db', project, '--pictures', dir])
    expect(run.err).toBe('')
    expect(run.code).toBe(0)
    const names = readdirSync(dir).filter((n) => n.endsWith('.png'))
    expect(names).toContain('olmocr__not_parsing2-p003-picture1.png')
    expect(run.out).toContain(`pictures: ${names.length} pictures in`)
    const file = join(tmp.dir, 'again.jsonl')
    const db = openDatabase(project)
    await exportJsonl(db, file)
    db.close()
    const page3 = JsonlRecord.parse(
      JSON.parse(
        readFileSync(file, 'utf8')
          .split('\n')
          .find((l) => l.includes('"page":3'))!
      )
    )
    const [x0, y0, x1, y1] = page3.pictures![0]!.bbox
    const [width, height] = pngSize(
      readFileSync(join(dir, 'olmocr__not_parsing2-p003-picture1.png'))
    )
    expect(Math.abs(width - ((x1 - x0) * 150) / 72)).toBeLessThanOrEqual(2)
    expect(Math.abs(height - ((y1 - y0) * 150) / 72)).toBeLessThanOrEqual(2)
    // A second run finds every picture as it was.
    const again = await runCli(['export', '--db', project, '--pictures', dir])
    expect(again.out).toContain('(nothing changed)')
  })
})
