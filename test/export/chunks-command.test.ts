import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChunkRecord } from '../../src-main/export/chunk-record.js'
import { recto } from '../helpers/cli.js'
import { tempDir } from '../helpers/db.js'
import { Tiktoken } from 'js-tiktoken/lite'
import cl100k from 'js-tiktoken/ranks/cl100k_base'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { ENGLISH } from '../helpers/ocr-samples.js'
import { writeScannedText } from '../helpers/scanned-text.js'
import { corpusPdf } from './project.js'
import { writeOutlinePdf } from './outline-pdf.js'

/** Needs the built CLI (`npm run build:main`): the ingest's worker threads run the compiled engine. */
describe('recto export --chunks', () => {
  const tmp = tempDir('recto-chunks-cli-')
  const folder = join(tmp.dir, 'pdfs')
  const out = (name: string) => join(tmp.dir, name)

  beforeAll(() => {
    mkdirSync(folder)
    for (const name of [
      'olmocr__olmo2-pg4.pdf',
      'pdfbox__eu-001.pdf',
      'olmocr__discoverworld_crazy_table4.pdf',
      'pymupdf__test_3854.pdf'
    ]) {
      copyFileSync(corpusPdf(name), join(folder, name))
    }
    writeOutlinePdf(folder)
  })
  afterAll(() => tmp.remove())

  it('gives byte-identical chunks with one worker or two, and from the project', () => {
    const one = recto('export', '--chunks', out('one.jsonl'), folder, '--workers', '1')
    expect(one).toMatchObject({ status: 0, stderr: '' })
    expect(one.stdout).toMatch(/^chunks: \d+ chunks of 5 documents in .*one\.jsonl: added\n$/u)
    const two = recto('export', '--chunks', out('two.jsonl'), folder, '--workers', '2')
    expect(two.status).toBe(0)
    const bytes = readFileSync(out('one.jsonl'))
    expect(readFileSync(out('two.jsonl')).equals(bytes)).toBe(true)
    const records = bytes
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => ChunkRecord.parse(JSON.parse(line)))
    expect(records.length).toBeGreaterThan(20)
    expect(new Set(records.map((r) => r.source)).size).toBe(5)

    const db = out('project.recto')
    expect(recto('ingest', folder, '--db', db, '--workers', '2').status).toBe(0)
    expect(recto('export', '--db', db, '--chunks', out('db.jsonl')).status).toBe(0)
    expect(readFileSync(out('db.jsonl')).equals(bytes)).toBe(true)
  })

  it('names a file it cannot read and chunks the others', () => {
    const mixed = join(tmp.dir, 'mixed')
    mkdirSync(mixed)
    writeFileSync(join(mixed, 'notes.pdf'), 'not a PDF at all')
    writeOutlinePdf(mixed)
    const run = recto('export', '--chunks', out('mixed.jsonl'), mixed, '--chunk-size', '300')
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/^recto: .*notes\.pdf: .+\n$/u)
    expect(run.stdout).toMatch(/chunks: \d+ chunks of 1 document in/u)
    const texts = readFileSync(out('mixed.jsonl'), 'utf8').trimEnd().split('\n')
    for (const line of texts) {
      expect(ChunkRecord.parse(JSON.parse(line)).text.length).toBeLessThanOrEqual(320)
    }
  })

  it('refuses PDFs together with a project, or another format without one', () => {
    expect(
      recto('export', '--db', out('x.recto'), '--chunks', out('x.jsonl'), folder)
    ).toMatchObject({
      status: 2,
      stderr:
        'recto: export of PDFs without --db takes --chunks <file> only (and --pictures <dir>)\n'
    })
    expect(recto('export', '--jsonl', out('x.jsonl'), folder).status).toBe(2)
    expect(
      recto('export', '--db', out('x.recto'), '--chunks', out('x.jsonl'), '--workers', '2')
    ).toMatchObject({
      status: 2,
      stderr: 'recto: --workers is for PDFs exported without --db\n'
    })
  })

  it('keeps every chunk within --max-tokens of the tokenizer named, overlap included', () => {
    const run = recto(
      'export',
      '--chunks',
      out('tokens.jsonl'),
      folder,
      '--max-tokens',
      '128',
      '--tokenizer',
      'cl100k_base',
      '--overlap',
      '24'
    )
    expect(run).toMatchObject({ status: 0, stderr: '' })
    const records = readFileSync(out('tokens.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => ChunkRecord.parse(JSON.parse(line)))
    const tokenizer = new Tiktoken(cl100k)
    const sizes = records.map((r) => tokenizer.encode(r.text, [], []).length)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(128)
    // Cut for size, most chunks are near the limit: the tokenizer, not characters, sized them.
    expect(sizes.filter((n) => n > 64).length).toBeGreaterThan(records.length / 2)
    // The overlap: chunks cut for size open with the last words of the chunk before them.
    const opens = records.filter((r, i) => {
      const before = records[i - 1]
      if (before?.sha256 !== r.sha256) return false
      for (let k = Math.min(before.text.length, r.text.length); k >= 20; k--) {
        if (before.text.endsWith(r.text.slice(0, k))) return true
      }
      return false
    })
    expect(opens.length).toBeGreaterThan(0)
  })

  it('refuses a tokenizer it does not bundle, and a size in characters and tokens at once', () => {
    expect(
      recto('export', '--chunks', out('t.jsonl'), folder, '--max-tokens', '9', '--tokenizer', 'x')
    ).toMatchObject({ status: 2, stderr: expect.stringMatching(/--tokenizer: 'x' is not one of/u) })
    expect(
      recto('export', '--chunks', out('t.jsonl'), folder, '--max-tokens', '9', '--chunk-size', '9')
    ).toMatchObject({ status: 2 })
  })

  it('gives a PDF saved again by MuPDF (other bytes, the same text) the same chunk ids', () => {
    const saved = join(tmp.dir, 'resaved')
    mkdirSync(saved)
    const original = readFileSync(corpusPdf('olmocr__olmo2-pg4.pdf'))
    const doc = mupdf.Document.openDocument(original, 'application/pdf').asPDF()!
    const bytes = doc.saveToBuffer('garbage,compress').asUint8Array()
    writeFileSync(join(saved, 'olmo2-resaved.pdf'), bytes)
    expect(Buffer.from(bytes).equals(original)).toBe(false)
    const read = (file: string) =>
      readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => ChunkRecord.parse(JSON.parse(line)))
    expect(recto('export', '--chunks', out('resaved.jsonl'), saved).status).toBe(0)
    const first = read(out('one.jsonl')).filter((r) => r.source === 'olmocr__olmo2-pg4.pdf')
    const again = read(out('resaved.jsonl'))
    expect(again[0]!.sha256).not.toBe(first[0]!.sha256)
    expect(again.map((r) => r.id)).toEqual(first.map((r) => r.id))
  })

  it('names the pages of a scan it leaves out, and reads them with --ocr', () => {
    const scans = join(tmp.dir, 'scans')
    mkdirSync(scans)
    const scan = writeScannedText(scans, 'minutes.pdf', ENGLISH.lines, ENGLISH.font)
    const without = recto('export', '--chunks', out('scan.jsonl'), scans)
    expect(without.status).toBe(0)
    expect(without.stderr).toBe(
      `recto: ${scan}: 1 page left out of the chunks, no text layer to read (scanned or empty): --ocr reads scans: page 1\n`
    )
    expect(without.stdout).toMatch(
      /^chunks: 0 chunks of 1 document in .*\(1 page without text left out\)\n$/u
    )
    const withOcr = recto('export', '--chunks', out('scan-ocr.jsonl'), scans, '--ocr')
    expect(withOcr).toMatchObject({ status: 0, stderr: '' })
    const [chunk] = readFileSync(out('scan-ocr.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => ChunkRecord.parse(JSON.parse(line)))
    expect(chunk!.text).toContain('The committee met on the third of March')
    // OCR'd text no person has read yet: never trusted as `ok`.
    expect(['unreviewed_review', 'unreviewed_ocr']).toContain(chunk!.trust)
  })
})
