import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportMarkdown } from '../../src-main/export/markdown-export.js'
import { blockText } from '../../src-main/layout/page-text.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { getPage, readLayout, updatePageAnalysis } from '../../src-main/store/pages.js'
import { tempDir } from '../helpers/db.js'
import { corpusPdf, ingestPdf, review } from './project.js'

describe('Markdown export', () => {
  const tmp = tempDir('recto-md-')
  const dir = join(tmp.dir, 'md')
  let db: WritableDB
  let eu: number
  let paper: number

  beforeAll(() => {
    db = openDatabase(join(tmp.dir, 'project.recto'))
    paper = ingestPdf(db, corpusPdf('pdfjs__tracemonkey.pdf'))
    eu = ingestPdf(db, corpusPdf('pdfbox__eu-001.pdf'))
    // The emission-thresholds table on page 1 of eu-001, marked as the engine marks tables.
    const page = getPage(db, eu, 1)!
    const roles = [...page.analysis.roles]
    roles[18] = 'table'
    updatePageAnalysis(db, eu, 1, { ...page.analysis, roles })
  })
  afterAll(() => {
    db.close()
    tmp.remove()
  })

  it('writes one file per document with headings from font size and tables as tables', async () => {
    const report = await exportMarkdown(db, dir)
    expect(report.added).toEqual(['pdfjs__tracemonkey.md', 'pdfbox__eu-001.md'])
    const md = readFileSync(join(dir, 'pdfjs__tracemonkey.md'), 'utf8')
    expect(md.startsWith('<!-- page 1 -->\n\n# Trace-based Just-in-Time')).toBe(true)
    // The title's two lines are two MuPDF blocks; they make one heading. The sections' bold
    // heads come next in the paper's own hierarchy: ##, whatever their size says alone.
    expect(md).toMatch(/^# Trace-based Just-in-Time Type Specialization for Dynamic Languages$/mu)
    expect(md).toMatch(/^## Abstract$/mu)
    expect(md).toMatch(/^## 1\. Introduction$/mu)
    expect(md).toMatch(/^## 10\. Future Work$/mu)
    const pageMarks = [...md.matchAll(/^<!-- page (\d+) -->$/gmu)].map((m) => Number(m[1]))
    expect(pageMarks).toEqual(Array.from({ length: 14 }, (_, i) => i + 1))
    const table = readFileSync(join(dir, 'pdfbox__eu-001.md'), 'utf8')
    expect(table).toContain('| Arsenic and compounds (as As) | 20 | 5 | 5 |')
    expect(table).toMatch(/^\| --- \| --- \| --- \| --- \|$/mu)
  })

  it('writes as headings the blocks whose stored role, which the review screen shows, is heading', async () => {
    await exportMarkdown(db, dir)
    const md = readFileSync(join(dir, 'pdfjs__tracemonkey.md'), 'utf8')
    const page1 = md.split('<!-- page 2 -->')[0]!
    expect(page1.match(/^#+ .*$/gmu)).toEqual([
      '# Trace-based Just-in-Time Type Specialization for Dynamic Languages',
      '## Abstract',
      '## 1. Introduction'
    ])
    // pages.get hands the review screen these roles as they are stored.
    const { roles } = getPage(db, paper, 1)!.analysis
    const layout = readLayout(db, paper, 1)!
    expect(layout.blocks.filter((b) => roles[b.id] === 'heading').map(blockText)).toEqual([
      'Trace-based Just-in-Time Type Specialization for Dynamic',
      'Languages',
      'Abstract',
      '1. Introduction'
    ])
  })

  it('makes Markdown tables of the blocks the table check found', async () => {
    const dir2 = join(tmp.dir, 'md-tables')
    const scratch = openDatabase(join(tmp.dir, 'tables.recto'))
    ingestPdf(scratch, corpusPdf('olmocr__discoverworld_crazy_table4.pdf'))
    await exportMarkdown(scratch, dir2)
    scratch.close()
    const md = readFileSync(join(dir2, 'olmocr__discoverworld_crazy_table4.md'), 'utf8')
    expect(md).toMatch(/^\| 1 \| Easy \| Simplified Clustering \| 0\.87 \| 0\.20 \|/mu)
    expect(md).toMatch(/^\| 6 \| Challenge \| Mix of 4 substances \|/mu)
  })

  it('follows the reviewer: order, exclusions and edited blocks', async () => {
    const layout = readLayout(db, paper, 2)!
    const order = layout.blocks.map((b) => b.id).reverse()
    const [first, second, dropped] = order
    review(db, paper, 2, {
      status: 'corrected',
      order,
      excluded: [dropped!],
      blockText: { [second!]: '# not a heading, an edited paragraph' }
    })
    const report = await exportMarkdown(db, dir)
    expect(report.changed).toEqual(['pdfjs__tracemonkey.md'])
    expect(report.unchanged).toEqual(['pdfbox__eu-001.md'])
    const md = readFileSync(join(dir, 'pdfjs__tracemonkey.md'), 'utf8')
    const page2 = md.split('<!-- page 2 -->')[1]!.split('<!-- page 3 -->')[0]!
    const firstText = blockText(layout.blocks[first!]!)
    expect(page2.indexOf(firstText.slice(0, 30))).toBeLessThan(
      page2.indexOf('\\# not a heading, an edited paragraph')
    )
    expect(page2).not.toContain(blockText(layout.blocks[dropped!]!))
  })

  it('changes nothing when nothing changed', async () => {
    const report = await exportMarkdown(db, dir)
    expect(report.unchanged).toHaveLength(2)
    expect([...report.added, ...report.changed]).toEqual([])
  })
})
