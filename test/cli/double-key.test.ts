import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-main/store/open.js'
import { recto } from '../helpers/cli.js'
import { REPO_ROOT } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'

const project = tempDir('recto-double-key-')
const db = join(project.dir, 'review.sqlite')

beforeAll(() => {
  const ingest = recto('ingest', join(REPO_ROOT, 'resources', 'samples'), '--db', db)
  expect(ingest.status, ingest.stderr).toBe(0)
})
afterAll(() => project.remove())

function marked(): { name: string; page_no: number }[] {
  const handle = openDatabase(db)
  try {
    return handle
      .prepare(
        `SELECT d.name, k.page_no FROM double_keyed_pages k JOIN documents d ON d.id = k.document_id
         ORDER BY d.name, k.page_no`
      )
      .all() as { name: string; page_no: number }[]
  } finally {
    handle.close()
  }
}

describe('recto double-key', () => {
  it("marks a document's pages, once, and says which were marked already", () => {
    expect(
      recto('double-key', '--document', 'running-headers.pdf', '--pages', '1', '--db', db)
    ).toMatchObject({ status: 0, stdout: 'double keying required on 1 page\n' })
    expect(recto('double-key', '--document', 'running-headers.pdf', '--db', db).stdout).toMatch(
      /^double keying required on \d+ pages?; 1 page was reviewed or marked already\n$/
    )
    expect(marked()[0]).toEqual({ name: 'running-headers.pdf', page_no: 1 })
  })

  it('draws a sample of the pages not yet marked, the same for the same seed', () => {
    const before = marked().length
    expect(recto('double-key', '--sample', '2', '--seed', 's1', '--db', db)).toMatchObject({
      status: 0,
      stdout: 'double keying required on 2 pages\n'
    })
    expect(marked()).toHaveLength(before + 2)
  })

  it('tells the export that the marked pages are not gold yet', () => {
    const gold = recto('export', '--db', db, '--gold', join(project.dir, 'gold'))
    expect(gold.status, gold.stderr).toBe(0)
    expect(gold.stdout).toContain(
      `not gold yet: ${marked().length} double-keyed pages wait for a keying or adjudication`
    )
  })

  it('refuses bad usage in one line', () => {
    expect(recto('double-key', '--sample', '2')).toMatchObject({
      status: 2,
      stderr: 'recto: double-key needs --db <file> (or RECTO_DB)\n'
    })
    expect(recto('double-key', '--sample', 'all', '--db', db)).toMatchObject({
      status: 2,
      stderr: "recto: --sample is a number of pages, not 'all'\n"
    })
    expect(recto('double-key', '--document', 'nothing.pdf', '--db', db)).toMatchObject({
      status: 2,
      stderr: 'recto: no document named nothing.pdf\n'
    })
    expect(recto('double-key', '--db', db).status).toBe(2)
    const notAProject = join(project.dir, 'notes.sqlite')
    writeFileSync(notAProject, 'not a project')
    expect(recto('double-key', '--sample', '1', '--db', notAProject)).toMatchObject({
      status: 1,
      stderr: `recto: ${notAProject}: file is not a database\n`
    })
    expect(readFileSync(notAProject, 'utf8')).toBe('not a project')
  })
})
