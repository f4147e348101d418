import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractionState } from '../../src-main/api/page-state.js'
import { pageUnits } from '../../src-main/export/chunk-units.js'
import { jsonlRecord } from '../../src-main/export/jsonl-export.js'
import { loadPageView } from '../../src-main/export/page-view.js'
import { viewTables } from '../../src-main/export/page-tables.js'
import { elementText, pageElements } from '../../src-main/export/view-elements.js'
import { drawnForm } from '../../src-main/layout/normalize.js'
import { composePageText } from '../../src-main/review/page-text.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { getPage, storedPageNumbers } from '../../src-main/store/pages.js'
import { tempDir } from '../helpers/db.js'
import { corpusPdf } from '../helpers/corpus.js'
import { BULLETS, elementsPdf, LISTING, NUMBERED, prose, SUM } from '../helpers/elements-pdf.js'
import { ingestPdf, review } from '../export/project.js'

const tmp = tempDir('recto-element-paths-')
let db: WritableDB
const documents = new Map<string, number>()

beforeAll(() => {
  const file = join(tmp.dir, 'elements.pdf')
  writeFileSync(
    file,
    elementsPdf([
      BULLETS,
      LISTING,
      SUM,
      NUMBERED,
      // All three on one page, between paragraphs.
      [
        ...prose(780, ['A page with every element on it, one after the other.']),
        ...LISTING.filter((l) => l.font === 'mono').map((l) => ({ ...l, y: l.y + 110 })),
        ...prose(690, ['Then a list:']),
        ...BULLETS.slice(2).map((l) => ({ ...l, y: l.y - 60 })),
        ...SUM.slice(1, -1).map((l) => ({ ...l, y: l.y - 50 })),
        ...prose(440, ['And a closing paragraph that goes on for a while.'])
      ]
    ])
  )
  db = openDatabase(join(tmp.dir, 'project.recto'))
  documents.set('generated', ingestPdf(db, file))
  for (const name of [
    'pdfbox__cweb.pdf',
    'olmocr__mathfuncs.pdf',
    'olmocr__pdftotext_two_column_issue.pdf'
  ]) {
    documents.set(name, ingestPdf(db, corpusPdf(name)))
  }
})
afterAll(() => {
  db.close()
  tmp.remove()
})

/** The pieces of a page's text, as blank lines part them. */
const parts = (text: string): string[] => text.split('\n\n')

/**
 * Every path to one page's text, checked against the engine's: the review screen's composition,
 * a revision saved unchanged (what the gold .txt holds), the JSONL block text of each list,
 * listing and formula, and each such element as a chunk unit. Returns how many elements of each
 * role the page has, so that no test passes on pages without any.
 */
function checkPage(documentId: number, pageNo: number): Map<string, number> {
  const page = getPage(db, documentId, pageNo)!
  const before = loadPageView(db, documentId, pageNo)
  const engine = page.analysis.text
  expect(composePageText(before.layout, page.analysis.roles, extractionState(page))).toBe(engine)
  review(db, documentId, pageNo, { status: 'approved' })
  const view = loadPageView(db, documentId, pageNo)
  expect(view.state.text).toBe(engine)
  expect(view.pageText).toBeNull()
  const record = jsonlRecord(view, 'page')
  const units = pageUnits(view, page.analysis.decision, 10)
  // A block the table check read as a table's rows is written as the table, by every path.
  const inTable = new Set(viewTables(view).flatMap((t) => t.blocks))
  const counts = new Map<string, number>()
  for (const element of pageElements(view, (id) => inTable.has(id)).values()) {
    const text = elementText(element)
    counts.set(element.role, (counts.get(element.role) ?? 0) + 1)
    expect(parts(drawnForm(engine))).toContain(text)
    if (element.blocks.length === 1) {
      const block = record.blocks.find((b) => b.id === element.blocks[0]!.block.id)!
      expect(block.text).toBe(text)
    }
    expect(units.filter((u) => u.role === element.role).map((u) => u.text)).toContain(text)
  }
  return counts
}

function checkDocument(name: string): Map<string, number> {
  const documentId = documents.get(name)!
  const total = new Map<string, number>()
  for (const page of storedPageNumbers(db, documentId)) {
    for (const [role, n] of checkPage(documentId, page)) total.set(role, (total.get(role) ?? 0) + n)
  }
  return total
}

describe('a page’s text is the same by every path', () => {
  it('on generated pages with a listing, lists and a formula', () => {
    const counts = checkDocument('generated')
    expect(Object.fromEntries(counts)).toEqual({ list: 3, code: 2, formula: 2 })
  })

  it('on CWEB’s program text', () => {
    expect(checkDocument('pdfbox__cweb.pdf').get('code')).toBeGreaterThan(0)
  })

  it('on a sheet of display formulas', () => {
    expect(checkDocument('olmocr__mathfuncs.pdf').get('formula')).toBeGreaterThan(0)
  })

  it('on a report’s lists', () => {
    expect(checkDocument('olmocr__pdftotext_two_column_issue.pdf').get('list')).toBeGreaterThan(0)
  })
})
