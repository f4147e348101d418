import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportJsonl } from '../../src-main/export/jsonl-export.js'
import { JsonlRecord, jsonlSchema } from '../../src-main/export/jsonl-record.js'
import { blockText } from '../../src-main/layout/page-text.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { getPage, readLayout } from '../../src-main/store/pages.js'
import { currentState } from '../../src-main/store/revisions.js'
import { committedSchema } from '../helpers/committed-schema.js'
import { tempDir } from '../helpers/db.js'
import { corpusPdf, ingestPdf, review } from './project.js'

describe('JSONL export', () => {
  const tmp = tempDir('recto-jsonl-')
  const file = join(tmp.dir, 'out', 'corpus.jsonl')
  let db: WritableDB
  let doc: number
  let other: number
  let order: number[]

  beforeAll(() => {
    db = openDatabase(join(tmp.dir, 'project.recto'))
    doc = ingestPdf(db, corpusPdf('pdfbox__eu-001.pdf'))
    other = ingestPdf(db, corpusPdf('olmocr__multi_column_miss.pdf'))
    const { state } = currentState(db, doc, 2)!
    order = [...state.order].reverse()
    review(db, doc, 2, {
      status: 'corrected',
      order,
      excluded: [order[0]!],
      blockText: { [order[1]!]: 'ﬁrst block, edited' },
      text: 'ﬁrst block, edited\n\nand the rest'
    })
  })
  afterAll(() => {
    db.close()
    tmp.remove()
  })

  it('keeps the committed JSON Schema in step with the zod schema', () => {
    expect(committedSchema('jsonl-record.schema.json')).toEqual(jsonlSchema())
  })

  it('writes every page, valid against the schema, with the corrections where they exist', async () => {
    const report = await exportJsonl(db, file)
    expect(report).toMatchObject({ pages: 4, outcome: 'added' })
    const records = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JsonlRecord.parse(JSON.parse(line)))
    expect(records.map((r) => [r.id, r.page])).toEqual([
      ['pdfbox__eu-001-p001', 1],
      ['pdfbox__eu-001-p002', 2],
      ['pdfbox__eu-001-p003', 3],
      ['olmocr__multi_column_miss-p001', 1]
    ])
    const corrected = records[1]!
    expect(corrected).toMatchObject({
      status: 'corrected',
      text: 'first block, edited\n\nand the rest'
    })
    expect(corrected.revision).toBeGreaterThan(0)
    expect(corrected.blocks.map((b) => b.id)).toEqual(order)
    expect(corrected.blocks[0]!.excluded).toBe(true)
    expect(corrected.blocks[1]!).toMatchObject({ text: 'first block, edited', excluded: false })
    const layout = readLayout(db, doc, 2)!
    const last = corrected.blocks.at(-1)!
    expect(last.text).toBe(blockText(layout.blocks[last.id]!))
    expect(last.bbox).toEqual([...layout.blocks[last.id]!.bbox])

    // Body blocks the table check placed in a table carry the table role.
    const tableBlocks = records.flatMap((r) => {
      const documentId = r.source === 'pdfbox__eu-001.pdf' ? doc : other
      const flags = getPage(db, documentId, r.page)!.analysis.flags
      const evidence = flags.find((f) => f.code === 'table')?.evidence
      const ids = (evidence?.['tableBlocks'] ?? []) as number[]
      return r.blocks.filter((b) => ids.includes(b.id))
    })
    expect(tableBlocks.length).toBeGreaterThan(0)
    for (const b of tableBlocks) expect(b.role).toBe('table')

    const untouched = records[0]!
    expect(untouched).toMatchObject({ status: 'unreviewed', revision: null })
    const stored = db.prepare('SELECT text FROM pages WHERE document_id = ? AND page_no = 1')
    expect(untouched.text).toBe(stored.pluck().get(doc))
  })

  it('leaves an unchanged file alone', async () => {
    const before = readFileSync(file)
    expect((await exportJsonl(db, file)).outcome).toBe('unchanged')
    expect(readFileSync(file)).toEqual(before)
  })

  it('never leaves a partial file: a failure keeps the old file, dead temp files go', async () => {
    const before = readFileSync(file)
    const dead = spawnSync(process.execPath, ['-e', '0']).pid
    const leftover = join(tmp.dir, 'out', `.corpus.jsonl.partial-${dead}-0badf00d`)
    writeFileSync(leftover, '{"id": "half a li')
    review(db, doc, 1, { status: 'approved' })
    const failing = exportJsonl(db, file, {
      beforeRename: () => {
        throw new Error('disk full')
      }
    })
    await expect(failing).rejects.toThrow('disk full')
    expect(readFileSync(file)).toEqual(before)
    expect(readdirSync(join(tmp.dir, 'out'))).toEqual(['corpus.jsonl'])
    expect((await exportJsonl(db, file)).outcome).toBe('changed')
  })
})
