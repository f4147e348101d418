import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ingest } from '../../../src-main/jobs/ingest.js'
import { openDatabase } from '../../../src-main/store/open.js'
import { corpusPdf } from '../../helpers/corpus.js'
import { tempDir } from '../../helpers/db.js'
import { newPostgresDatabase } from '../../helpers/postgres-db.js'
import { projectContents } from '../../helpers/project-contents.js'

/** Files whose pages take different roads: CJK, a tagged transcript, a page for OCR, math, tables. */
const FILES = [
  'ocrmypdf__truetype_font_nomapping.pdf',
  'pdfplumber__scotus-transcript-p1.pdf',
  'pymupdf__chinese-tables.pdf',
  'olmocr__math_2503_04086.pdf',
  'docling__normal_4pages.pdf'
].map(corpusPdf)

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
    const expected = projectContents(sqlite) as { pages: unknown[]; flags: unknown[] }
    expect(expected.pages.length).toBe(one.pages)
    expect(expected.flags.length).toBeGreaterThan(10)
    expect(projectContents(postgres)).toEqual(expected)
  })
})
