import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportJsonl } from '../../src-main/export/jsonl-export.js'
import { JsonlRecord } from '../../src-main/export/jsonl-record.js'
import { exportMarkdown } from '../../src-main/export/markdown-export.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { TABLE_ROWS, tabbedTablePdf, tablePdf } from '../helpers/table-pdf.js'
import { ingestPdf, review } from './project.js'

/** The table as GFM: its first row the header, then the rule, then the other rows. */
const MARKDOWN = [
  `| ${TABLE_ROWS[0]!.join(' | ')} |`,
  `| ${TABLE_ROWS[0]!.map(() => '---').join(' | ')} |`,
  ...TABLE_ROWS.slice(1).map((row) => `| ${row.join(' | ')} |`)
].join('\n')

describe('tables in the exports', () => {
  const tmp = tempDir('recto-tables-')
  let db: WritableDB
  let edited: number

  beforeAll(() => {
    db = openDatabase(join(tmp.dir, 'project.recto'))
    for (const ruled of [true, false]) {
      const file = join(tmp.dir, `${ruled ? 'ruled' : 'unruled'}.pdf`)
      writeFileSync(file, tablePdf(ruled))
      ingestPdf(db, file)
    }
    // The table again, a row a line of text: other bytes, so another document.
    const file = join(tmp.dir, 'edited.pdf')
    writeFileSync(file, tabbedTablePdf())
    edited = ingestPdf(db, file)
    // The reviewer rewrote the row of "Chicago Corn" (block 3) by hand.
    review(db, edited, 1, { status: 'corrected', blockText: { 3: 'Chicago Corn (revised)' } })
  })
  afterAll(() => {
    db.close()
    tmp.remove()
  })

  it('writes a ruled and an unruled table as Markdown tables between their paragraphs', async () => {
    await exportMarkdown(db, join(tmp.dir, 'md'))
    for (const name of ['ruled', 'unruled']) {
      const md = readFileSync(join(tmp.dir, 'md', `${name}.md`), 'utf8')
      expect(md).toContain(`settlement averages.\n\n${MARKDOWN}\n\nSource: exchange`)
    }
    // An edited table is text as the reviewer left it.
    const md = readFileSync(join(tmp.dir, 'md', 'edited.md'), 'utf8')
    expect(md).not.toContain('| --- |')
    expect(md).toContain('Chicago Corn (revised)')
  })

  it('gives each table of a page in JSONL, cells with their row, column and box', async () => {
    const file = join(tmp.dir, 'pages.jsonl')
    await exportJsonl(db, file)
    const records = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JsonlRecord.parse(JSON.parse(line)))
    for (const record of records.slice(0, 2)) {
      const [table, ...others] = record.tables ?? []
      expect(others).toEqual([])
      expect(table).toMatchObject({ rows: 6, columns: 5, blocks: [1, 2, 3, 4, 5, 6] })
      const cells = table!.cells
      expect(cells.map((c) => c.text)).toEqual(TABLE_ROWS.flat())
      expect(cells.map((c) => [c.row, c.column])).toEqual(
        TABLE_ROWS.flatMap((row, r) => row.map((_, c) => [r, c]))
      )
      // "CME Group Ethanol" stands left of its figures, on their row, below the header.
      const [label, , march] = cells.filter((c) => c.row === 1)
      expect(label!.bbox[2]).toBeLessThan(march!.bbox[0])
      expect(Math.abs(label!.bbox[1] - march!.bbox[1])).toBeLessThan(1)
      expect(label!.bbox[1]).toBeGreaterThan(cells[0]!.bbox[3])
      for (const cell of cells) {
        expect(cell.bbox[0]).toBeGreaterThanOrEqual(table!.bbox[0])
        expect(cell.bbox[3]).toBeLessThanOrEqual(table!.bbox[3])
      }
      expect(record.text).toContain(TABLE_ROWS.map((row) => row.join('\t')).join('\n'))
    }
    expect(records[2]!.tables).toBeUndefined()
  })
})
