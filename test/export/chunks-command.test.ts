import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChunkRecord } from '../../src-main/export/chunk-record.js'
import { recto } from '../helpers/cli.js'
import { tempDir } from '../helpers/db.js'
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
    expect(run.stdout).toMatch(/chunks: \d+ chunks of 1 documents/u)
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
      stderr: 'recto: export of PDFs without --db takes --chunks <file> only\n'
    })
    expect(recto('export', '--jsonl', out('x.jsonl'), folder).status).toBe(2)
    expect(
      recto('export', '--db', out('x.recto'), '--chunks', out('x.jsonl'), '--workers', '2')
    ).toMatchObject({
      status: 2,
      stderr: 'recto: --workers is for PDFs exported without --db\n'
    })
  })
})
