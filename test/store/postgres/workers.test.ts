import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../../../src-main/store/open.js'
import { recto } from '../../helpers/cli.js'
import { corpusPdf } from '../../helpers/corpus.js'
import { tempDir } from '../../helpers/db.js'
import { newPostgresDatabase } from '../../helpers/postgres-db.js'
import { projectContents } from '../../helpers/project-contents.js'
import { startWorker } from '../../helpers/recto-worker.js'

/**
 * Pages that take every road of the cascade: a font without a map (font repair), a scan (OCR),
 * four pages of text, a tagged transcript, CJK tables and math.
 */
const FILES = [
  'ocrmypdf__truetype_font_nomapping.pdf',
  'ocrmypdf__c02-22.pdf',
  'docling__normal_4pages.pdf',
  'pdfplumber__scotus-transcript-p1.pdf',
  'pymupdf__chinese-tables.pdf',
  'olmocr__math_2503_04086.pdf'
].map(corpusPdf)

const dir = tempDir('recto-workers-')
afterAll(() => dir.remove())

describe('recto worker', () => {
  it('refuses a SQLite project in one line, as ingest --queue does', () => {
    const file = join(dir.dir, 'solo.sqlite')
    const result = recto('worker', '--db', file)
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(`recto: ${file}: workers need a PostgreSQL project\n`)
    const queued = recto('ingest', '--queue', '--db', file, FILES[0]!)
    expect(queued.status).toBe(1)
    expect(queued.stderr).toBe(`recto: ${file}: --queue needs a PostgreSQL project\n`)
  })

  it('two workers give byte for byte the pages, text layers and flags of one SQLite ingest', async () => {
    const file = join(dir.dir, 'review.sqlite')
    const alone = recto('ingest', ...FILES, '--db', file, '--ocr')
    expect(alone.status).toBe(0)

    const url = newPostgresDatabase()
    const queued = recto('ingest', '--queue', '--ocr', '--db', url, ...FILES)
    expect(queued.stderr).toBe('')
    expect(queued.stdout).toMatch(/^6 files: 6 queued, 0 skipped, 0 errors; /m)
    expect(queued.status).toBe(0)

    const workers = [startWorker(url, '--ocr'), startWorker(url, '--ocr')]
    const project = openDatabase(url)
    const waiting = () =>
      project
        .prepare(
          `SELECT count(*) FROM pgboss.job WHERE name LIKE 'recto-%' AND state < 'completed'`
        )
        .pluck()
        .get()
    // A stage queues the next one before its own job completes: no job waiting means all done.
    await vi.waitFor(() => expect(waiting()).toBe(0), { timeout: 150_000, interval: 250 })
    const ended = await Promise.all(workers.map((worker) => worker.stop()))

    for (const { code, stdout, stderr } of ended) {
      expect(code).toBe(0)
      expect(stderr).toMatch(/^recto worker: stopped; \d+ jobs done, 0 failed, 0 handed back$/m)
      expect(stdout).toMatch(/^ingest: /m)
    }
    const lines = ended.flatMap(({ stdout }) => stdout.trim().split('\n'))
    expect(lines.filter((line) => line.startsWith('ingest: '))).toHaveLength(6)
    expect(lines.filter((line) => line.startsWith('font repair: ')).length).toBeGreaterThan(0)
    expect(lines).toContain(`OCR: ${FILES[1]}: OCR, 1 of 1 pages read`)

    const sqlite = openDatabase(file)
    const expected = projectContents(sqlite) as { layers: unknown[] }
    expect(expected.layers.length).toBeGreaterThan(0)
    expect(projectContents(project)).toEqual(expected)
    sqlite.close()
    project.close()
    // Two ingests with OCR and two workers: 15 s on a quiet machine, over a minute on a loaded one.
  }, 240_000)
})
