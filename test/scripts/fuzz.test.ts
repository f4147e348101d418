import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { ingest } from '../../src-main/jobs/ingest.js'
import { getDocument } from '../../src-main/store/documents.js'
import { openDatabase } from '../../src-main/store/open.js'
import { BYTE_MUTATIONS } from '../../scripts/fuzz/byte-mutations.js'
import { FINDING_KINDS, runFuzz, verdictOf, type FuzzResult } from '../../scripts/fuzz/campaign.js'
import { mutant } from '../../scripts/fuzz/mutate.js'
import { STRUCTURE_MUTATIONS } from '../../scripts/fuzz/structure-mutations.js'
import { recto } from '../helpers/cli.js'
import { corpusPdf } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'

const SOURCES = [
  corpusPdf('ocrmypdf__truetype_font_nomapping.pdf'),
  corpusPdf('pdfminer__zen_of_python_corrupted.pdf'),
  corpusPdf('pdfbox__PDFBOX-3110-poems-beads.pdf'),
  corpusPdf('pdfminer__dmca.pdf')
]
const OPTIONS = { bombBytes: 8 * 2 ** 20 }
const work = tempDir('recto-fuzz-test-')
afterAll(() => work.remove())

describe('the fuzzer', () => {
  it('makes the same mutant from the same seed and index, and a different one otherwise', () => {
    const a = mutant(7, 3, SOURCES, OPTIONS)
    const b = mutant(7, 3, SOURCES, OPTIONS)
    expect(a.bytes.equals(b.bytes)).toBe(true)
    expect(a.mutations.length).toBeGreaterThan(0)
    expect(a.bytes.equals(readFileSync(corpusPdf(a.source)))).toBe(false)
    expect(mutant(7, 4, SOURCES, OPTIONS).bytes.equals(a.bytes)).toBe(false)
  })

  it('uses every kind of mutation within a few hundred mutants', () => {
    const used = new Set<string>()
    for (let i = 0; i < 300; i++) {
      for (const m of mutant(1, i, SOURCES, OPTIONS).mutations) used.add(m)
    }
    const all = [...BYTE_MUTATIONS, ...STRUCTURE_MUTATIONS].map((m) => m.name)
    expect([...used].sort()).toEqual(all.sort())
  })

  it('tells a crash, a hang and an unclear error from a file refused in one line', () => {
    const error = (reason: string) => verdictOf({ path: 'x.pdf', status: 'error', reason })
    expect(error('the extraction worker crashed (boom)').verdict).toBe('crash')
    expect(error('the extraction worker exited (code 1)').verdict).toBe('crash')
    expect(error('took longer than the 30 s limit').verdict).toBe('time-limit')
    expect(error('damaged beyond repair\n  at line 3').verdict).toBe('unclear-error')
    expect(error('exceeds the memory limit of 1024 MB').verdict).toBe('memory-limit')
    expect(error('not a PDF (no %PDF- header)').verdict).toBe('refused')
  })

  it('runs a short seeded batch through the ingest pool: every mutant extracts or is refused in one line', async () => {
    const results: FuzzResult[] = []
    const report = await runFuzz({
      seed: 95,
      sources: SOURCES,
      workDir: work.dir,
      count: 12,
      batchSize: 12,
      bombBytes: OPTIONS.bombBytes,
      pool: {
        workers: 1,
        documentTimeLimitMs: 60_000,
        pageTimeLimitMs: 30_000,
        memoryLimitMb: 512
      },
      onResult: (r) => results.push(r)
    })
    expect(report.tried).toBe(12)
    expect(results).toHaveLength(12)
    for (const r of results) {
      expect(FINDING_KINDS, `#${r.index} ${r.mutations.join('+')}: ${r.detail}`).not.toContain(
        r.verdict
      )
    }
    expect(results.some((r) => r.verdict === 'ingested')).toBe(true)
    expect(report.findings).toEqual([])
  }, 180_000)

  it('has recto ingest name each mutant it cannot read in one line of its own, and go on', () => {
    const dir = join(work.dir, 'cli-mutants')
    mkdirSync(dir)
    const paths = Array.from({ length: 12 }, (_, i) => {
      const path = join(dir, `mutant-${String(i).padStart(2, '0')}.pdf`)
      writeFileSync(path, mutant(95, i, SOURCES, OPTIONS).bytes)
      return path
    })
    const dbFile = join(work.dir, 'cli.sqlite')
    const run = recto('ingest', dir, '--db', dbFile, '--workers', '1')
    expect(run.status).toBe(0)
    const db = new Database(dbFile, { readonly: true })
    const documents = db.prepare('SELECT path, status, error FROM documents').all() as {
      path: string
      status: string
      error: string | null
    }[]
    db.close()
    expect(documents.map((d) => d.path).sort()).toEqual(paths)
    const lines = run.stderr.split('\n')
    for (const { path, status, error } of documents) {
      expect(['done', 'error'], path).toContain(status)
      if (status !== 'error') continue
      expect(lines.filter((l) => l.startsWith(`recto: ${path}: `))).toEqual([
        `recto: ${path}: ${error}`
      ])
    }
    expect(documents.some((d) => d.status === 'error')).toBe(true)
  })

  it('leaves the engine able to ingest a sound file afterwards', async () => {
    const db = openDatabase(`${work.dir}/after.sqlite`)
    try {
      const summary = await ingest(db, [SOURCES[0]!], { workers: 1 })
      expect(summary.ingested).toBe(1)
      expect(getDocument(db, 1)?.status).toBe('done')
    } finally {
      db.close()
    }
  })
})
