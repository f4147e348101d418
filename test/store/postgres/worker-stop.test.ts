import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { mupdf } from '../../../src-main/extract/mupdf.js'
import { openDatabase } from '../../../src-main/store/open.js'
import { recto } from '../../helpers/cli.js'
import { corpusPdf } from '../../helpers/corpus.js'
import { tempDir } from '../../helpers/db.js'
import { madePdf, textLines } from '../../helpers/made-pdf.js'
import { newPostgresDatabase } from '../../helpers/postgres-db.js'
import { projectContents } from '../../helpers/project-contents.js'
import { startWorker } from '../../helpers/recto-worker.js'

const dir = tempDir('recto-worker-stop-')
afterAll(() => dir.remove())

/** A long report, so that the stop surely comes while its pages are read. */
function longPdf(pages: number): string {
  const file = join(dir.dir, 'long-report.pdf')
  const bytes = madePdf((doc) => {
    const resources = { Font: { F1: doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin') } }
    return Array.from({ length: pages }, (_, page) => ({
      resources,
      content: textLines(
        'F1',
        11,
        Array.from(
          { length: 40 },
          (_, line) =>
            `Page ${page + 1}, line ${line + 1}: the committee reviewed item ${line * 7}.`
        )
      )
    }))
  })
  writeFileSync(file, bytes)
  return file
}

const FILES = [longPdf(300), corpusPdf('pdfminer__dmca.pdf'), corpusPdf('pdfjs__tracemonkey.pdf')]

describe('a worker stopped mid-document', () => {
  // What the workers leave behind is tested, not their speed: a loaded machine takes minutes.
  it('hands its job back with the pages it stored; the next worker ends as one ingest does', async () => {
    const url = newPostgresDatabase()
    expect(recto('ingest', '--queue', '--db', url, ...FILES).status).toBe(0)
    const project = openDatabase(url)
    const count = (sql: string) => project.prepare(sql).pluck().get() as number

    const first = startWorker(url)
    await vi.waitFor(
      () => expect(count('SELECT count(*) FROM extracted_pages')).toBeGreaterThan(0),
      {
        timeout: 150_000,
        interval: 10
      }
    )
    const stopped = await first.stop()
    expect(stopped.code).toBe(0)
    expect(stopped.stderr).toMatch(
      /^recto worker: stopped; \d+ jobs done, 0 failed, 1 handed back$/m
    )
    expect(stopped.stdout).toMatch(/: handed back$/m)
    // Back in the queue as it was: waiting, its retries untouched; its pages kept.
    expect(count(`SELECT count(*) FROM pgboss.job WHERE state = 'created'`)).toBeGreaterThan(0)
    expect(count(`SELECT count(*) FROM pgboss.job WHERE state = 'active'`)).toBe(0)
    expect(count('SELECT max(retry_count) FROM pgboss.job')).toBe(0)
    expect(count(`SELECT count(*) FROM documents WHERE status = 'ingesting'`)).toBe(1)

    const second = startWorker(url)
    await vi.waitFor(
      () => expect(count(`SELECT count(*) FROM pgboss.job WHERE state < 'completed'`)).toBe(0),
      { timeout: 150_000, interval: 100 }
    )
    expect((await second.stop()).code).toBe(0)

    const file = join(dir.dir, 'alone.sqlite')
    expect(recto('ingest', ...FILES, '--db', file).status).toBe(0)
    const alone = openDatabase(file)
    expect(projectContents(project)).toEqual(projectContents(alone))
    alone.close()
    project.close()
  }, 300_000)
})
