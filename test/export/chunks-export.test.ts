import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChunkRecord, chunkSchema } from '../../src-main/export/chunk-record.js'
import { chunkId } from '../../src-main/export/chunk-records.js'
import { pageUnits } from '../../src-main/export/chunk-units.js'
import { exportChunks } from '../../src-main/export/chunks-export.js'
import { viewTables } from '../../src-main/export/page-tables.js'
import { loadPageView } from '../../src-main/export/page-view.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { getPage, readLayout, storedPageNumbers } from '../../src-main/store/pages.js'
import { currentState } from '../../src-main/store/revisions.js'
import { committedSchema } from '../helpers/committed-schema.js'
import { tempDir } from '../helpers/db.js'
import { writePartScannedPdf } from '../helpers/part-scanned.js'
import { flat, PROSE } from '../helpers/prose.js'
import { expectedPaths, OUTLINE, writeOutlinePdf } from './outline-pdf.js'
import { corpusPdf, ingestPdf, review } from './project.js'

const tmp = tempDir('recto-chunks-')
let n = 0

async function chunksOf(db: WritableDB, size?: number): Promise<ChunkRecord[]> {
  const file = join(tmp.dir, `chunks-${n++}.jsonl`)
  await exportChunks(db, file, size === undefined ? {} : { size })
  return readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => ChunkRecord.parse(JSON.parse(line)))
}

function project(name: string): WritableDB {
  return openDatabase(join(tmp.dir, `${name}-${n++}.recto`))
}

afterAll(() => tmp.remove())

describe('chunks export', () => {
  it('keeps the committed JSON Schema in step with the zod schema', () => {
    expect(committedSchema('chunk-record.schema.json')).toEqual(chunkSchema())
  })

  describe('a generated document with headings at three levels', () => {
    let db: WritableDB
    let chunks: ChunkRecord[]
    beforeAll(async () => {
      db = project('outline')
      ingestPdf(db, writeOutlinePdf(tmp.dir))
      chunks = await chunksOf(db)
    })
    afterAll(() => db.close())

    it('starts a chunk at every heading, with the heading path of each paragraph', () => {
      const headings = OUTLINE.flat().filter((item) => item.heading)
      expect(chunks.map((c) => c.text.split('\n\n')[0])).toEqual(headings.map((h) => h.text))
      const paths = expectedPaths()
      for (const [paragraph, path] of paths) {
        const holding = chunks.filter((c) => flat(c.text).includes(flat(paragraph)))
        expect(holding, paragraph.slice(0, 40)).toHaveLength(1)
        expect(holding[0]!.heading_path).toEqual(path)
      }
      // Level 3 under level 2 under level 1, then a level 3 straight after it on the next page
      // stays under the same level 2; a later level 1 starts a new path.
      expect(paths.get(PROSE.railway)).toEqual([
        'Coast and Country',
        'Growing Fruit',
        'Rail to the Valley'
      ])
      expect(paths.get(PROSE.library)).toEqual([
        'Coast and Country',
        'Growing Fruit',
        'Books in Town'
      ])
      expect(paths.get(PROSE.bakery)).toEqual(['Daily Bread'])
      expect(chunks.map((c) => c.roles)).toEqual(chunks.map(() => ['heading', 'body']))
    })

    it('cuts a section longer than the target between sentences, keeping its heading path', async () => {
      const small = await chunksOf(db, 200)
      const orchard = small.filter((c) => c.heading_path.at(-1) === 'Growing Fruit')
      expect(orchard.length).toBeGreaterThan(1)
      for (const chunk of orchard) {
        expect(chunk.text.length).toBeLessThanOrEqual(200 + 'Growing Fruit\n\n'.length)
        // Every piece ends a sentence of the paragraph.
        expect(chunk.text).toMatch(/[.]$/u)
      }
      expect(flat(orchard.map((c) => c.text).join(' '))).toBe(
        flat(`Growing Fruit ${PROSE.orchard}`)
      )
      // Heading boundaries still hold: no chunk carries two sections.
      for (const chunk of small) {
        const headings = OUTLINE.flat().filter((i) => i.heading && chunk.text.includes(i.text))
        expect(headings.length).toBeLessThanOrEqual(1)
      }
    })

    it('gives one box per page, on the page and around the paragraph drawn there', () => {
      for (const chunk of chunks) {
        expect(chunk.pages).toHaveLength(1)
        const [x0, y0, x1, y1] = chunk.pages[0]!.bbox
        expect(0 <= x0 && x0 < x1 && x1 <= 612 && 0 <= y0 && y0 < y1 && y1 <= 792).toBe(true)
      }
      const layout = readLayout(db, 1, 2)!
      const bakery = layout.blocks.find((b) => b.lines.length > 2 && b.bbox[1] > 250)!
      const [x0, y0, x1, y1] = chunks.at(-1)!.pages[0]!.bbox
      expect(chunks.at(-1)!.pages[0]!.page).toBe(2)
      expect(x0).toBeCloseTo(bakery.bbox[0], 0)
      expect(y1).toBeCloseTo(bakery.bbox[3], 0)
      expect(y0).toBeLessThan(bakery.bbox[1])
      expect(x1).toBeGreaterThanOrEqual(bakery.bbox[2] - 0.01)
    })

    it('derives each id from the index, the first page and the text, not the bytes', async () => {
      for (const c of chunks) {
        expect(c.id).toBe(chunkId(c.index, c.pages[0]!.page, c.text))
      }
      expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length)
      // Another project with another document before it: the same chunks, the same ids.
      const other = project('other')
      ingestPdf(other, corpusPdf('olmocr__multi_column_miss.pdf'))
      ingestPdf(other, join(tmp.dir, 'outline.pdf'), 'renamed.pdf')
      const again = (await chunksOf(other)).filter((c) => c.sha256 === chunks[0]!.sha256)
      other.close()
      expect(again.map((c) => c.id)).toEqual(chunks.map((c) => c.id))
      expect(again[0]!.source).toBe('renamed.pdf')
    })

    it('says the text is the extraction, passed by the checks', () => {
      for (const chunk of chunks) {
        expect(chunk).toMatchObject({ reviewed: false, trust: 'ok' })
        expect(chunk.pages[0]).toMatchObject({
          decision: 'ok',
          status: 'unreviewed',
          revision: null
        })
      }
    })
  })

  it('never cuts a table row, even with a target shorter than a row', async () => {
    const db = project('tables')
    const ids = [
      ingestPdf(db, corpusPdf('pdfbox__eu-001.pdf')),
      ingestPdf(db, corpusPdf('olmocr__discoverworld_crazy_table4.pdf'))
    ]
    const rows: string[] = []
    let tables = 0
    for (const id of ids) {
      for (const page of storedPageNumbers(db, id)) {
        const view = loadPageView(db, id, page)
        tables += viewTables(view).length
        const decision = getPage(db, id, page)!.analysis.decision
        for (const unit of pageUnits(view, decision, 10)) {
          rows.push(...(unit.rows ?? []).map((r) => r.text))
        }
      }
    }
    // A row is a table's row as the page text reads it (layout/table-cells.ts), all its cells.
    expect(rows.length).toBeGreaterThan(100)
    expect(tables).toBeGreaterThan(5)
    const chunks = await chunksOf(db, 40)
    db.close()
    const lines = new Set(chunks.flatMap((c) => c.text.split('\n')))
    const cut = rows.filter((row) => !lines.has(row))
    expect(cut).toEqual([])
    expect(rows.some((row) => row.length > 40)).toBe(true)
    expect(chunks.filter((c) => c.roles.includes('table')).length).toBeGreaterThan(10)
  })

  it('writes each table once, as its rows, never again as its cells (only its header repeats)', async () => {
    const db = project('grids')
    const id = ingestPdf(db, corpusPdf('pdfminer__f1040nr.pdf'))
    const words = (text: string): Map<string, number> => {
      const counts = new Map<string, number>()
      for (const w of text.match(/\p{L}{3,}/gu) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1)
      return counts
    }
    const pageText = storedPageNumbers(db, id)
      .map((page) => getPage(db, id, page)!.analysis.text)
      .join('\n')
    const chunks = await chunksOf(db, 400)
    db.close()
    const inPages = words(pageText)
    // A chunk that opens inside a table repeats its header rows, lines an earlier chunk wrote.
    const seen = new Set<string>()
    const written = chunks.map((c) => {
      const lines = c.text.split('\n')
      let repeated = 0
      while (repeated < lines.length && seen.has(lines[repeated]!)) repeated++
      for (const line of lines) seen.add(line)
      return lines.slice(repeated).join('\n')
    })
    const twice = [...words(written.join('\n'))].filter(([w, n]) => n > (inPages.get(w) ?? 0))
    expect(twice).toEqual([])
  })

  it('lays every box on its page, rotated and small pages included', async () => {
    const db = project('boxes')
    for (const name of [
      'olmocr__edgar-rotated90.pdf',
      'olmocr__small_page_size.pdf',
      'pdfplumber__nics-background-checks-2015-11-rotated.pdf',
      'olmocr__olmo2-pg4.pdf'
    ]) {
      ingestPdf(db, corpusPdf(name))
    }
    const chunks = await chunksOf(db, 800)
    let boxes = 0
    for (const chunk of chunks) {
      for (const { page, bbox } of chunk.pages) {
        const document = db
          .prepare('SELECT id FROM documents WHERE sha256 = ?')
          .pluck()
          .get(chunk.sha256) as number
        const { width, height } = getPage(db, document, page)!
        const [x0, y0, x1, y1] = bbox
        expect(0 <= x0 && x0 <= x1 && x1 <= width && 0 <= y0 && y0 <= y1 && y1 <= height).toBe(true)
        boxes++
      }
      const pages = chunk.pages.map((p) => p.page)
      expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b))
    }
    db.close()
    expect(boxes).toBeGreaterThan(20)
  })

  it('takes the reviewed corrections and says which text a person has seen', async () => {
    const db = project('review')
    const doc = ingestPdf(db, writeOutlinePdf(tmp.dir, 'reviewed.pdf'))
    const scanned = ingestPdf(db, writePartScannedPdf(tmp.dir))
    // Page 1: one block edited and approved. Page 2: its text retyped as a whole.
    const page1 = currentState(db, doc, 1)!.state
    const layout1 = readLayout(db, doc, 1)!
    const harbour = page1.order.find((id) => layout1.blocks[id]!.lines.length > 2)!
    const blockEdit = review(db, doc, 1, {
      status: 'approved',
      blockText: { [harbour]: 'The quay was quiet on Friday.' },
      text: page1.text.replace(/The ships[^]*?sea\./u, 'The quay was quiet on Friday.')
    })
    const retyped = review(db, doc, 2, {
      status: 'corrected',
      text: 'Books in Town\n\nA retyped paragraph about the library.\n\nDaily Bread\n\nBread again.'
    })
    const chunks = await chunksOf(db)
    const ofDoc = chunks.filter((c) => c.index >= 0 && c.source === 'reviewed.pdf')
    // The edited section is short: it shares a chunk with the section beside it.
    expect(
      ofDoc[0]!.text.startsWith('Coast and Country\n\nThe quay was quiet on Friday.\n\n')
    ).toBe(true)
    expect(ofDoc[0]!.pages[0]).toMatchObject({ status: 'approved', revision: blockEdit })
    const library = ofDoc.find((c) => c.text.includes('A retyped paragraph about the library.'))!
    expect(library.text).toContain('Books in Town\n\nA retyped paragraph about the library.')
    expect(library.pages.find((p) => p.page === 2)).toMatchObject({
      status: 'corrected',
      revision: retyped
    })
    expect(library.reviewed).toBe(true)
    // A short section alone under its heading stays a chunk of its own.
    expect(ofDoc.at(-1)!).toMatchObject({
      text: 'Daily Bread\n\nBread again.',
      heading_path: ['Daily Bread'],
      reviewed: true,
      trust: 'reviewed'
    })
    // The scanned page has no text to chunk until OCR; the article page before it does.
    const ofScan = chunks.filter((c) => c.source === 'part-scanned.pdf')
    expect(ofScan.length).toBeGreaterThan(0)
    expect(getPage(db, scanned, 2)!.analysis.decision).toBe('ocr')
    db.close()
  })

  it('says so when a chunk comes from an unreviewed page sent to review or to OCR', async () => {
    const db = project('unreviewed')
    ingestPdf(db, corpusPdf('pymupdf__test_3854.pdf'))
    ingestPdf(db, corpusPdf('pdfminer__issue-791-non-unicode-cmap.pdf'))
    const chunks = await chunksOf(db)
    db.close()
    const trust = (name: string) =>
      new Set(chunks.filter((c) => c.source === name).map((c) => c.trust))
    expect(trust('pymupdf__test_3854.pdf')).toEqual(new Set(['unreviewed_review']))
    expect(trust('pdfminer__issue-791-non-unicode-cmap.pdf')).toEqual(new Set(['unreviewed_ocr']))
    for (const chunk of chunks) expect(chunk.reviewed).toBe(false)
  })
})
