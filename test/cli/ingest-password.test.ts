import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recto } from '../helpers/cli.js'
import { corpusPdf } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'
import { encryptedPdf } from '../helpers/encrypted-pdf.js'

const PASSWORD = 'board-minutes-7'
const DMCA = corpusPdf('pdfminer__dmca.pdf')

describe('recto ingest --password', () => {
  let dir: string
  let remove: () => void
  let locked: string

  beforeEach(() => {
    ;({ dir, remove } = tempDir())
    locked = join(dir, 'minutes.pdf')
    writeFileSync(locked, encryptedPdf(['Minutes of the closed session'], PASSWORD))
  })
  afterEach(() => remove())

  it('says how to give the password of a file it cannot open, and when one is wrong', () => {
    const run = recto('ingest', locked, '--db', join(dir, 'p.recto'))
    expect(run.status).toBe(1)
    expect(run.stderr).toBe(
      `recto: ${locked}: encrypted with an unknown password (give it with --password)\n`
    )
    const wrong = recto('ingest', locked, '--db', join(dir, 'q.recto'), '--password', 'guess')
    expect(wrong.status).toBe(1)
    expect(wrong.stderr).toBe(`recto: ${locked}: encrypted: wrong password\n`)
  })

  it('reads the encrypted file with its password beside a file that needs none', () => {
    const db = join(dir, 'p.recto')
    const run = recto('ingest', locked, DMCA, '--db', db, '--password', PASSWORD, '--workers', '1')
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/^2 files: 2 ingested, 0 skipped, 0 errors;/m)
    const project = new Database(db, { readonly: true })
    try {
      const text = project
        .prepare(
          `SELECT p.text FROM pages p JOIN documents d ON d.id = p.document_id
           WHERE d.path = ? AND d.status = 'done'`
        )
        .pluck()
        .get(locked)
      expect(text).toBe('Minutes of the closed session')
    } finally {
      project.close()
    }
    expect(readFileSync(db).includes(PASSWORD)).toBe(false)
  })

  it('renders the PAGE-XML images of such a document with --password, and says when it needs it', () => {
    const db = join(dir, 'p.recto')
    expect(recto('ingest', locked, '--db', db, '--password', PASSWORD).status).toBe(0)
    const xml = join(dir, 'xml')
    const without = recto('export', '--db', db, '--page-xml', xml)
    expect(without.status).toBe(1)
    expect(without.stderr).toBe(
      'recto: minutes: encrypted: its password is needed to draw the page (give it with --password)\n'
    )
    const given = recto('export', '--db', db, '--page-xml', xml, '--password', PASSWORD)
    expect(given).toMatchObject({ status: 0, stderr: '' })
    expect(readdirSync(xml).sort()).toEqual(['minutes-p001.png', 'minutes-p001.xml'])
  })

  it('refuses a password with --ocr, whose later reading has none', () => {
    const run = recto('ingest', locked, '--db', join(dir, 'p.recto'), '--password', 'x', '--ocr')
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/^recto: --password cannot be used with --ocr/)
  })
})
