import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { recto } from '../helpers/cli.js'
import { corpusPdf, fixture, REPO_ROOT } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'

const FILES = [
  'pdfjs__tracemonkey.pdf',
  'pdfminer__dmca.pdf',
  'pdfminer__naacl06-shinyama.pdf',
  'ocrmypdf__linn.pdf',
  'pdfplumber__password-example.pdf'
].map(corpusPdf)
const PAGES = 14 + 18 + 8 + 1

/** Everything an ingest leaves behind, in a form two projects can be compared by. */
function contents(file: string) {
  const db = new Database(file, { readonly: true })
  try {
    const all = (sql: string) => db.prepare(sql).all()
    return {
      documents: all(`SELECT sha256, status, error, page_count FROM documents ORDER BY sha256`),
      pages: all(
        `SELECT d.sha256, p.page_no, p.decision, p.quality, p.worst_severity, p.text, p.auto_order
         FROM pages p JOIN documents d ON d.id = p.document_id ORDER BY d.sha256, p.page_no`
      ),
      flags: all(
        `SELECT d.sha256, f.page_no, f.code, f.severity, f.message
         FROM flags f JOIN documents d ON d.id = f.document_id ORDER BY 1, 2, 3`
      ),
      waiting: db.prepare('SELECT count(*) FROM extracted_pages').pluck().get()
    }
  } finally {
    db.close()
  }
}

/** Pages committed so far (extracted or analysed); 0 while the file is not even created. */
function committedPages(file: string): number {
  if (!existsSync(file)) return 0
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true })
    try {
      return db
        .prepare('SELECT (SELECT count(*) FROM pages) + (SELECT count(*) FROM extracted_pages)')
        .pluck()
        .get() as number
    } finally {
      db.close()
    }
  } catch {
    return 0
  }
}

describe('recto ingest', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => cleanups.splice(0).forEach((f) => f()))

  it('prints one line per file and a summary, reports bad files, exits 0', () => {
    const { dir, remove } = tempDir()
    cleanups.push(remove)
    const db = join(dir, 'p.sqlite')
    const run = recto('ingest', ...FILES.slice(3), '--db', db, '--workers', '1')
    expect(run.status).toBe(0)
    expect(run.stderr).toBe(
      `recto: ${FILES[4]}: encrypted with an unknown password (give it with --password)\n`
    )
    expect(run.stdout).toMatch(`${FILES[3]}: 1 page, 0 to review, 1 for OCR\n`)
    expect(run.stdout).toMatch(
      /^2 files: 1 ingested, 0 skipped, 1 error; 1 page extracted, 1 flagged; [\d.]+ s$/m
    )
    const again = recto('ingest', ...FILES.slice(3), '--db', db)
    expect(again.status).toBe(0)
    expect(again.stdout).toMatch(`${FILES[3]}: skipped (already ingested)`)
    expect(again.stdout).toMatch(
      `${FILES[4]}: skipped (failed before; --retry-errors tries it again)`
    )
    // One file is in the project: the run is no failure, and its summary says how to retry.
    expect(again.stdout).toMatch(
      /2 files: 0 ingested, 2 skipped \(1 failed before: --retry-errors tries again\), 0 errors; 0 pages extracted/
    )
  })

  it('ingests a file with a damaged page, saying which page lost its text', () => {
    const { dir, remove } = tempDir()
    cleanups.push(remove)
    const file = fixture('pdfs/damaged-page.pdf')
    const run = recto('ingest', file, '--db', join(dir, 'p.sqlite'), '--workers', '1')
    expect(run.status).toBe(0)
    expect(run.stderr).toBe(
      `recto: ${file}: page 2 is damaged (object is not a stream); its text is missing\n`
    )
    expect(run.stdout).toMatch(`${file}: 3 pages, 0 to review, 1 for OCR (1 damaged)\n`)
    expect(run.stdout).toMatch(/^1 file: 1 ingested, 0 skipped, 0 errors; 3 pages extracted/m)
  })

  it('refuses bad usage with exit 2', () => {
    expect(recto('ingest', FILES[0]!).status).toBe(2)
    expect(recto('ingest', '--db', 'x.sqlite').stderr).toMatch(/at least one PDF/)
    expect(recto('ingest', FILES[0]!, '--db', 'x.sqlite', '--workers', '0').stderr).toMatch(
      /--workers takes a positive whole number/
    )
  })

  it('after kill -9 midway, a second run ends exactly where an uninterrupted run does', async () => {
    const { dir, remove } = tempDir()
    cleanups.push(remove)
    const clean = join(dir, 'clean.sqlite')
    expect(recto('ingest', ...FILES, '--db', clean, '--workers', '1').status).toBe(0)

    const killed = join(dir, 'killed.sqlite')
    const child = spawn(
      process.execPath,
      ['bin/recto.js', 'ingest', ...FILES, '--db', killed, '--workers', '1'],
      { cwd: REPO_ROOT, stdio: 'ignore' }
    )
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal))
    )
    let seen = 0
    while (seen === 0 && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      seen = committedPages(killed)
    }
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    const interrupted = contents(killed)
    expect(interrupted.pages.length + Number(interrupted.waiting)).toBeLessThan(PAGES)
    expect(interrupted.pages.length + Number(interrupted.waiting)).toBeGreaterThan(0)

    const resumed = recto('ingest', ...FILES, '--db', killed, '--workers', '1')
    expect(resumed.status).toBe(0)
    const expected = contents(clean)
    expect(expected.pages).toHaveLength(PAGES)
    expect(contents(killed)).toEqual(expected)
  })
})
