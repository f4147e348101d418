import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ingest } from '../../../src-main/jobs/ingest.js'
import type { ReadableDB } from '../../../src-main/store/db.js'
import { openDatabase } from '../../../src-main/store/open.js'
import { corpusPdf } from '../../helpers/corpus.js'
import { tempDir } from '../../helpers/db.js'
import { newPostgresDatabase } from '../../helpers/postgres-db.js'

/** Files whose pages take different roads: CJK, a tagged transcript, a page for OCR, math, tables. */
const FILES = [
  'ocrmypdf__truetype_font_nomapping.pdf',
  'pdfplumber__scotus-transcript-p1.pdf',
  'pymupdf__chinese-tables.pdf',
  'olmocr__math_2503_04086.pdf',
  'docling__normal_4pages.pdf'
].map(corpusPdf)

/** Every stored page and flag, keyed by the document's bytes, as text to compare exactly. */
function contents(db: ReadableDB): unknown {
  const pages = db
    .prepare(
      `SELECT d.sha256, p.page_no, p.width, p.height, p.rotation, p.chars, p.decision, p.quality,
         p.worst_severity, p.status, p.rank, p.auto_order, p.roles, p.text, p.raw_text, p.digest,
         p.layout
       FROM pages p JOIN documents d ON d.id = p.document_id
       ORDER BY d.sha256, p.page_no`
    )
    .all() as Record<string, unknown>[]
  const flags = db
    .prepare(
      `SELECT d.sha256, f.page_no, f.code, f.severity, f.message, f.evidence, f.page_status,
         f.page_rank
       FROM flags f JOIN documents d ON d.id = f.document_id
       ORDER BY d.sha256, f.page_no, f.code`
    )
    .all()
  const documents = db
    .prepare(
      'SELECT sha256, name, bytes, page_count, title, tagged, status FROM documents ORDER BY sha256'
    )
    .all()
  return {
    documents,
    pages: pages.map((p) => ({ ...p, layout: (p['layout'] as Buffer).toString('base64') })),
    flags
  }
}

describe('ingest into PostgreSQL', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => cleanups.splice(0).forEach((f) => f()))

  it('stores byte for byte the pages, texts and flags that an ingest into SQLite stores', async () => {
    const { dir, remove } = tempDir()
    const sqlite = openDatabase(join(dir, 'project.sqlite'))
    const postgres = openDatabase(newPostgresDatabase())
    cleanups.push(() => {
      sqlite.close()
      postgres.close()
      remove()
    })
    const one = await ingest(sqlite, FILES, { workers: 1 })
    const two = await ingest(postgres, FILES, { workers: 2 })
    expect(two).toMatchObject({ files: 5, ingested: 5, errors: 0, pages: one.pages })
    const expected = contents(sqlite) as { pages: unknown[]; flags: unknown[] }
    expect(expected.pages.length).toBe(one.pages)
    expect(expected.flags.length).toBeGreaterThan(10)
    expect(contents(postgres)).toEqual(expected)
  })
})
