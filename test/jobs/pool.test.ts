import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { mutant } from '../../scripts/fuzz/mutate.js'
import { DEFAULT_POOL, ingest, type FileOutcome } from '../../src-main/jobs/ingest.js'
import { ExtractionPool } from '../../src-main/jobs/pool.js'
import { openDatabase } from '../../src-main/store/open.js'
import { corpusPdf } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'

const work = tempDir('recto-pool-')
afterAll(() => work.remove())

/** The whole corpus in name order, as `npm run fuzz` lists it: a mutant's recipe depends on it. */
function fuzzSources(): string[] {
  const dir = dirname(corpusPdf('pdfminer__dmca.pdf'))
  return readdirSync(dir)
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => join(dir, name))
}

describe('the extraction pool', () => {
  it('keeps a document MuPDF trapped on while freeing it, and reads the next in a fresh worker', async () => {
    // Fuzz seed 2, mutant 24: a broken stream in pdfplumber's WARN report. Every page reads, then
    // MuPDF's drop of the repaired document accesses memory out of bounds; the worker used to
    // die with the error, failing a document whose 16 pages were all committed.
    const bytes = mutant(2, 24, fuzzSources(), { bombBytes: 1 }).bytes
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(
      '64c86c38307ccc35c07a87909b9135a90226489bd383c6ebd546f16b9d085137'
    )
    const trap = join(work.dir, 'trap.pdf')
    writeFileSync(trap, bytes)
    const db = openDatabase(join(work.dir, 'project.sqlite'))
    const outcomes: FileOutcome[] = []
    try {
      await ingest(db, [trap, corpusPdf('pdfminer__dmca.pdf')], {
        workers: 1,
        onFile: (outcome) => outcomes.push(outcome)
      })
      expect(outcomes).toMatchObject([
        { status: 'ingested', pages: 16, damaged: [] },
        { status: 'ingested', pages: 18 }
      ])
      expect(db.prepare('SELECT count(*) FROM pages').pluck().get()).toBe(34)
    } finally {
      db.close()
    }
  })

  it('starts one worker per document to come, at most one per slot, before any document', async () => {
    const pool = new ExtractionPool({
      ...DEFAULT_POOL,
      workers: 3,
      dbPath: join(work.dir, 'warm.sqlite')
    })
    try {
      expect(pool.started).toBe(0)
      pool.warm(1)
      expect(pool.started).toBe(1)
      pool.warm(2)
      expect(pool.started).toBe(2)
      pool.warm(10)
      expect(pool.started).toBe(3)
    } finally {
      await pool.close()
    }
    expect(pool.started).toBe(0)
    pool.warm(1)
    expect(pool.started).toBe(0)
  })

  it('gives documents waiting for its one worker each its replies, whole and in order', async () => {
    const pool = new ExtractionPool({ ...DEFAULT_POOL, workers: 1, dbPath: join(work.dir, 'q.db') })
    const files = ['pdfminer__dmca.pdf', 'pdfjs__tracemonkey.pdf', 'pdfminer__f1040nr.pdf']
    const events: string[][] = files.map(() => [])
    try {
      const outcomes = await Promise.all(
        files.map((name, documentId) => {
          const seen = events[documentId]!
          const path = corpusPdf(name)
          const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex')
          return pool.ingest(
            { documentId, path, sha256, skipPages: [], extract: true },
            {
              onStarted: () => seen.push('started'),
              onOpened: (reply) => seen.push(`opened ${reply.pageCount}`),
              onPage: (reply) => seen.push(`page ${reply.page.page}`),
              onExtracted: () => seen.push('extracted'),
              onAnalysis: (reply) => seen.push(`analysis ${reply.page}`)
            }
          )
        })
      )
      // English prose in fonts with right maps: nothing for verification to read back.
      expect(outcomes).toEqual(files.map(() => ({ ok: true, toVerify: 0 })))
      expect(events.map((seen) => seen[1])).toEqual(['opened 18', 'opened 14', 'opened 5'])
      for (const seen of events) {
        const numbers = Array.from({ length: Number(seen[1]?.split(' ')[1]) }, (_, i) => i + 1)
        expect(seen).toEqual([
          'started',
          seen[1],
          ...numbers.map((n) => `page ${n}`),
          'extracted',
          ...numbers.map((n) => `analysis ${n}`)
        ])
      }
    } finally {
      await pool.close()
    }
  })
})
