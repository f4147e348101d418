import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectChunks } from '../../src-main/export/chunks-export.js'
import { exportJsonl } from '../../src-main/export/jsonl-export.js'
import { JsonlRecord } from '../../src-main/export/jsonl-record.js'
import { exportMarkdown } from '../../src-main/export/markdown-export.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { generatedTable } from '../helpers/generated-tables.js'
import { ingestPdf } from './project.js'

/** A two-level table (groups "2023" and "2024" over two columns each) under its caption. */
const TWO_LEVEL = generatedTable('two-level', 1001, 'Table 3: Spending by service in two years.')

describe('a table as pipelines read it', () => {
  const tmp = tempDir('recto-table-grid-')
  let db: WritableDB

  beforeAll(() => {
    db = openDatabase(join(tmp.dir, 'project.recto'))
    const file = join(tmp.dir, 'spending.pdf')
    writeFileSync(file, TWO_LEVEL.bytes)
    ingestPdf(db, file)
  })
  afterAll(() => {
    db.close()
    tmp.remove()
  })

  it('gives the JSONL grid with its header rows, spans, caption and HTML', async () => {
    const file = join(tmp.dir, 'pages.jsonl')
    await exportJsonl(db, file)
    const record = JsonlRecord.parse(JSON.parse(readFileSync(file, 'utf8')))
    const [table] = record.tables!
    expect(table).toMatchObject({ columns: 5, header_rows: 2, rows: 2 + TWO_LEVEL.body.length })
    expect(table!.cells.filter((c) => c.row === 0)).toMatchObject([
      { column: 1, colspan: 2, rowspan: 1, text: '2023' },
      { column: 3, colspan: 2, rowspan: 1, text: '2024' }
    ])
    expect(table!.caption?.text).toBe('Table 3: Spending by service in two years.')
    const caption = record.blocks.find((b) => b.id === table!.caption!.block)
    expect(caption?.role).toBe('caption')
    const [sub1, sub2] = TWO_LEVEL.header[1]!.slice(1).map((c) => c.text)
    expect(table!.html).toContain(
      `<thead><tr><th></th><th colspan="2">2023</th><th colspan="2">2024</th></tr><tr><th>Account</th><th>${sub1}</th><th>${sub2}</th>`
    )
    const first = TWO_LEVEL.body[0]!
    expect(table!.html).toContain(`<tbody><tr>${first.map((t) => `<td>${t}</td>`).join('')}</tr>`)
  })

  it('writes Markdown with one header row that names each column under its group', async () => {
    await exportMarkdown(db, join(tmp.dir, 'md'))
    const md = readFileSync(join(tmp.dir, 'md', 'spending.md'), 'utf8')
    const [sub1, sub2] = TWO_LEVEL.header[1]!.slice(1).map((c) => c.text)
    expect(md).toContain(
      `| Account | 2023 ${sub1} | 2023 ${sub2} | 2024 ${sub1} | 2024 ${sub2} |\n| --- | --- | --- | --- | --- |\n| ${TWO_LEVEL.body[0]!.join(' | ')} |`
    )
  })

  it('repeats the header rows in every chunk that opens inside the table', async () => {
    const chunks = []
    for await (const chunk of projectChunks(db, { size: 160 })) chunks.push(chunk)
    const inTable = chunks.filter((c) => TWO_LEVEL.body.some((row) => c.text.includes(row[0]!)))
    expect(inTable.length).toBeGreaterThan(1)
    for (const chunk of inTable) expect(chunk.text).toMatch(/^2023 \| 2024\nAccount \| /mu)
  })
})
