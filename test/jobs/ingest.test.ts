import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { ingest, type FileOutcome } from '../../src-main/jobs/ingest.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import type { WritableDB } from '../../src-main/store/db.js'
import {
  documentPaths,
  findDocumentBySha256,
  listDocuments
} from '../../src-main/store/documents.js'
import { openDatabase } from '../../src-main/store/open.js'
import { getPage, readLayout } from '../../src-main/store/pages.js'
import { bookPdf } from '../helpers/book-pdf.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'
import { densePdf } from '../helpers/dense-pdf.js'
import { threadNiceValues } from '../helpers/threads.js'

function counts(db: WritableDB) {
  const one = (sql: string) => db.prepare(sql).pluck().get() as number
  return {
    documents: one('SELECT count(*) FROM documents'),
    done: one(`SELECT count(*) FROM documents WHERE status = 'done'`),
    errors: one(`SELECT count(*) FROM documents WHERE status = 'error'`),
    pages: one('SELECT count(*) FROM pages'),
    waiting: one('SELECT count(*) FROM extracted_pages'),
    flags: one('SELECT count(*) FROM flags'),
    paths: one('SELECT count(*) FROM document_paths')
  }
}

/** The stored pages of `path` are what the engine concludes over the whole file in process. */
function expectAsInProcess(db: WritableDB, documentId: number, path: string) {
  const pdf = openPdf(readFileSync(path))
  const whole = analyzeDocument(pdf)
  closePdf(pdf)
  for (const { layout, analysis } of whole.pages) {
    const stored = getPage(db, documentId, layout.page)!
    expect(stored.analysis).toEqual({ ...analysis, flags: stored.analysis.flags })
    const byCode = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : 1)
    expect([...stored.analysis.flags].sort(byCode)).toEqual([...analysis.flags].sort(byCode))
    expect(readLayout(db, documentId, layout.page)).toEqual(layout)
  }
}

describe('ingest', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => cleanups.splice(0).forEach((f) => f()))

  function project() {
    const { dir, remove } = tempDir()
    const db = openDatabase(join(dir, 'project.sqlite'))
    cleanups.push(() => {
      db.close()
      remove()
    })
    return { dir, db }
  }

  it('records bad files with their reason and goes on; the same bytes again are a no-op', async () => {
    const { dir, db } = project()
    const good = corpusPdf('pdfminer__naacl06-shinyama.pdf')
    const files = [
      fixture('bad/web-page.pdf'),
      corpusPdf('pdfplumber__password-example.pdf'),
      good,
      fixture('bad/truncated.pdf'),
      join(dir, 'missing.pdf')
    ]
    const outcomes: FileOutcome[] = []
    const summary = await ingest(db, files, { workers: 1, onFile: (o) => outcomes.push(o) })

    expect(summary).toMatchObject({ files: 5, ingested: 1, errors: 4, pages: 8 })
    const reasons = Object.fromEntries(
      outcomes.map((o) => [o.path.split('/').pop(), o.status === 'error' ? o.reason : o.status])
    )
    expect(reasons).toEqual({
      'web-page.pdf': 'not a PDF (an HTML page)',
      'pdfplumber__password-example.pdf': 'encrypted with an unknown password',
      'pdfminer__naacl06-shinyama.pdf': 'ingested',
      'truncated.pdf': expect.stringMatching(/damaged/),
      'missing.pdf': 'file not found'
    })
    const documents = listDocuments(db)
    expect(documents.map((d) => [d.name, d.status])).toEqual([
      ['web-page.pdf', 'error'],
      ['pdfplumber__password-example.pdf', 'error'],
      ['pdfminer__naacl06-shinyama.pdf', 'done'],
      ['truncated.pdf', 'error']
    ])
    expect(documents[1]?.error).toBe('encrypted with an unknown password')
    expect(documents[2]).toMatchObject({ pageCount: 8 })
    const before = counts(db)
    expect(before).toMatchObject({ pages: 8, waiting: 0 })
    // Page by page in workers, the ingest concludes exactly what `recto check` does in one pass.
    expectAsInProcess(db, documents[2]!.id, good)

    const copy = join(dir, 'renamed.pdf')
    copyFileSync(good, copy)
    const again: FileOutcome[] = []
    const second = await ingest(db, [...files, copy], { workers: 1, onFile: (o) => again.push(o) })
    expect(second).toMatchObject({ ingested: 0, pages: 0, skipped: 5, errors: 1 })
    const id = documents[2]!.id
    expect(again.find((o) => o.path === copy)).toEqual({
      path: copy,
      status: 'skipped',
      documentId: id,
      why: 'already ingested'
    })
    expect(counts(db)).toEqual({ ...before, paths: before.paths + 1 })
    expect(documentPaths(db, id)).toEqual([good, copy])
  })

  it('stores what the engine reads in process from pages in ICC colour spaces', async () => {
    // The workers skip colour management, which the process's own MuPDF keeps for rendering.
    const { db } = project()
    const file = corpusPdf('pdfminer__issue-1061-colour-space-stack.pdf')
    expect(await ingest(db, [file], { workers: 1 })).toMatchObject({ ingested: 1, pages: 12 })
    expectAsInProcess(db, listDocuments(db)[0]!.id, file)
  })

  it.runIf(process.platform === 'linux')(
    'runs its workers behind the review screen only when asked to',
    async () => {
      const { db } = project()
      const files = [corpusPdf('pdfminer__kampo.pdf'), corpusPdf('pymupdf__test_3854.pdf')]
      const own = getPriority()
      const seen: number[][] = []
      const during = { workers: 1, onFile: () => seen.push(threadNiceValues()) }
      await ingest(db, files.slice(0, 1), during)
      await ingest(db, files.slice(1), { ...during, behindReview: true })
      expect(seen).toHaveLength(2)
      expect(seen[0]).not.toContain(10)
      // The worker alone: the thread that started the ingest (the backend's) keeps its priority.
      expect(seen[1]!.filter((nice) => nice === 10)).toHaveLength(1)
      expect(getPriority()).toBe(own)
    }
  )

  it('bounds MuPDF memory: a file over the limit fails alone and a fresh worker goes on', async () => {
    const { dir, db } = project()
    // 3.5 kB on disk, about 100 MB of MuPDF heap once its million glyphs are laid out.
    const heavy = join(dir, 'dense.pdf')
    writeFileSync(heavy, densePdf(1_000_000))
    const light = corpusPdf('olmocr__multi_column_miss.pdf')
    const outcomes: FileOutcome[] = []
    const summary = await ingest(db, [heavy, light], {
      workers: 1,
      memoryLimitMb: 40,
      onFile: (o) => outcomes.push(o)
    })
    expect(outcomes).toEqual([
      { path: heavy, status: 'error', reason: 'exceeds the memory limit of 40 MB' },
      expect.objectContaining({ path: light, status: 'ingested', pages: 1 })
    ])
    expect(summary).toMatchObject({ ingested: 1, errors: 1 })
  })

  it('stops a document at its time limit, records why, and ingests it on a retry', async () => {
    const { db } = project()
    // No page of any file is read within a millisecond of its start.
    const file = corpusPdf('pdfminer__dmca.pdf')
    const first: FileOutcome[] = []
    await ingest(db, [file], { workers: 1, pageTimeLimitMs: 1, onFile: (o) => first.push(o) })
    expect(first).toEqual([
      { path: file, status: 'error', reason: 'a page took longer than 0.001 s' }
    ])
    expect(counts(db)).toMatchObject({ errors: 1, pages: 0 })

    const skipped = await ingest(db, [file], { workers: 1 })
    expect(skipped).toMatchObject({ skipped: 1, pages: 0 })

    const retried = await ingest(db, [file], { workers: 1, retryErrors: true })
    expect(retried).toMatchObject({ ingested: 1, errors: 0, pages: 18 })
    const document = listDocuments(db)[0]!
    expect(document).toMatchObject({ status: 'done', error: null, pageCount: 18 })
    expect(findDocumentBySha256(db, document.sha256)?.id).toBe(document.id)
    expect(counts(db)).toMatchObject({ pages: 18, waiting: 0 })
  })

  it('stops on its signal, keeps the committed pages, and the next run resumes', async () => {
    const { db } = project()
    const long = corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf')
    const controller = new AbortController()
    const stopped = await ingest(db, [long], {
      workers: 1,
      signal: controller.signal,
      onProgress: (snapshot) => {
        if (snapshot.fraction > 0) controller.abort()
      }
    })
    expect(stopped).toMatchObject({ cancelled: true, ingested: 0, errors: 0 })
    const kept = counts(db)
    expect(listDocuments(db)[0]).toMatchObject({ status: 'ingesting', pageCount: 117, error: null })
    expect(kept.pages + kept.waiting).toBeGreaterThan(0)
    expect(kept.pages + kept.waiting).toBeLessThan(117)

    const resumed = await ingest(db, [long], { workers: 1 })
    expect(resumed).toMatchObject({ cancelled: false, ingested: 1 })
    expect(resumed.pages).toBe(117 - kept.pages)
    expect(counts(db)).toMatchObject({ done: 1, pages: 117, waiting: 0 })
  })

  it('stops when the project itself fails, marks no file as bad, and resumes afterwards', async () => {
    const { db } = project()
    const files = [corpusPdf('pdfminer__naacl06-shinyama.pdf'), corpusPdf('pdfminer__dmca.pdf')]
    // Stands in for a full disk: the third page of any document cannot be written.
    db.exec(`CREATE TRIGGER full_disk BEFORE INSERT ON extracted_pages WHEN NEW.page_no = 3
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`)
    await expect(ingest(db, files, { workers: 2 })).rejects.toThrow('database or disk is full')
    expect(counts(db)).toMatchObject({ errors: 0, done: 0 })

    db.exec('DROP TRIGGER full_disk')
    const resumed = await ingest(db, files, { workers: 2 })
    expect(resumed).toMatchObject({ ingested: 2, errors: 0 })
    expect(counts(db)).toMatchObject({ done: 2, pages: 8 + 18, waiting: 0 })
  })

  it('stops when a finished document cannot be recorded while others are read, and resumes', async () => {
    const { dir, db } = project()
    // The short file ends first; the long one is still being read when its end fails to record.
    const long = join(dir, 'book.pdf')
    writeFileSync(long, bookPdf(30))
    const files = [corpusPdf('pdfminer__dmca.pdf'), long]
    db.exec(`CREATE TRIGGER full_disk BEFORE UPDATE OF status ON documents
      WHEN NEW.status = 'done' BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`)
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      await expect(ingest(db, files, { workers: 1 })).rejects.toThrow('database or disk is full')
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
    expect(unhandled).toEqual([])
    expect(counts(db)).toMatchObject({ errors: 0, done: 0 })

    db.exec('DROP TRIGGER full_disk')
    const resumed = await ingest(db, files, { workers: 1 })
    expect(resumed).toMatchObject({ ingested: 2, errors: 0 })
    expect(counts(db)).toMatchObject({ done: 2, pages: 18 + 30, waiting: 0 })
  })

  it('numbers documents in the order given, though two workers start the largest first', async () => {
    const { db } = project()
    const files = [
      corpusPdf('olmocr__multi_column_miss.pdf'),
      corpusPdf('pdfminer__dmca.pdf'),
      corpusPdf('pdfminer__naacl06-shinyama.pdf')
    ]
    const summary = await ingest(db, files, { workers: 2 })
    expect(summary).toMatchObject({ ingested: 3, errors: 0, pages: 1 + 18 + 8 })
    expect(listDocuments(db).map((d) => d.path)).toEqual(files)
  })

  it('keeps a document with a damaged page, the page stored empty with its flag', async () => {
    const { db } = project()
    const damaged = fixture('pdfs/damaged-page.pdf')
    const unreadable = fixture('bad/all-pages-damaged.pdf')
    const outcomes: FileOutcome[] = []
    const summary = await ingest(db, [damaged, unreadable], {
      workers: 1,
      onFile: (o) => outcomes.push(o)
    })
    expect(outcomes).toEqual([
      {
        path: damaged,
        status: 'ingested',
        documentId: listDocuments(db).find((d) => d.path === damaged)!.id,
        pages: 3,
        review: 0,
        ocr: 1,
        damaged: [{ page: 2, damage: 'object is not a stream' }]
      },
      {
        path: unreadable,
        status: 'error',
        reason: 'all 3 pages are damaged (page 1: object is not a stream)'
      }
    ])
    expect(summary).toMatchObject({ ingested: 1, errors: 1, pages: 3, flaggedPages: 1 })
    const [document] = listDocuments(db)
    expect(document).toMatchObject({ status: 'done', pageCount: 3, error: null })
    const id = document!.id
    expect(getPage(db, id, 1)?.analysis.text).toBe('Page one of the damaged page test')
    expect(getPage(db, id, 3)?.analysis.text).toBe('Page three of the damaged page test')
    const page = getPage(db, id, 2)!
    expect(page.analysis).toMatchObject({ text: '', decision: 'ocr', quality: 0 })
    expect(page.analysis.flags.map((f) => f.code)).toEqual(['damaged_page'])
    expect(readLayout(db, id, 2)?.damage).toBe('object is not a stream')
  })
})
