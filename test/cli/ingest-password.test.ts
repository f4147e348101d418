import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recto } from '../helpers/cli.js'
import { corpusPdf } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'
import { encrypt, encryptedPdf } from '../helpers/encrypted-pdf.js'
import { ENGLISH } from '../helpers/ocr-samples.js'
import { writeScannedText } from '../helpers/scanned-text.js'

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

  it('reads an encrypted scan by OCR with its password', () => {
    const scan = writeScannedText(dir, 'scan.pdf', ENGLISH.lines, ENGLISH.font)
    writeFileSync(scan, encrypt(readFileSync(scan), PASSWORD))
    const db = join(dir, 'p.recto')
    const run = recto(
      'ingest',
      scan,
      '--db',
      db,
      '--password',
      PASSWORD,
      '--ocr',
      '--ocr-lang',
      'eng'
    )
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('OCR: 1 of 1 pages read, 0 failed')
    const jsonl = recto('export', '--db', db, '--jsonl', '-')
    const [record] = jsonl.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { text: string })
    expect(record!.text.replace(/\s+/g, ' ')).toContain(
      'reserves should be held at their present level'
    )
    // `text --ocr` reads it the same way, in memory.
    const text = recto('text', scan, '--password', PASSWORD, '--ocr', '--ocr-lang', 'eng')
    expect(text.status).toBe(0)
    expect(text.stdout.replace(/\s+/g, ' ')).toContain(
      'reserves should be held at their present level'
    )
  }, 120_000)
})
