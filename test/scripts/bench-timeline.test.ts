import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/db.js'
import { prosePage } from '../helpers/prose-pages.js'

const repo = fileURLToPath(new URL('../..', import.meta.url))

/** Two worker processes start and ingest: slow on a loaded machine. */
const TIMEOUT = 240_000

type Lane = Readonly<{
  documents: number
  pages: number
  busy: number
  idleBefore: number
  idleBetween: number
  idleAfter: number
}>

describe("the bench's timeline of an ingest", { timeout: TIMEOUT }, () => {
  const dir = tempDir('recto-bench-timeline-')
  afterAll(() => dir.remove())

  it("puts every document on one worker at a time and the run's moments in order", () => {
    const input = join(dir.dir, 'pdfs')
    mkdirSync(input)
    for (const seed of [1, 2, 3]) {
      writeFileSync(join(input, `prose-${seed}.pdf`), prosePage(1, seed))
    }
    const pages = 3
    const run = spawnSync(
      process.execPath,
      [
        'scripts/bench/timeline.js',
        input,
        join(dir.dir, 'project.sqlite'),
        '--workers',
        '2',
        '--json'
      ],
      { cwd: repo, encoding: 'utf8' }
    )
    expect(run.stderr).toBe('')
    const result = JSON.parse(run.stdout)
    expect(result.pages).toBe(pages)
    const lanes = result.lanes as Lane[]
    expect(lanes).toHaveLength(2)
    expect(lanes.reduce((sum, lane) => sum + lane.documents, 0)).toBe(3)
    expect(lanes.reduce((sum, lane) => sum + lane.pages, 0)).toBe(pages)
    const span = result.ms.ingestReturned - result.ms.ingestCalled
    for (const lane of lanes) {
      // A worker's documents never overlap: its busy time fits between its first and last.
      expect(lane.idleBetween).toBeGreaterThan(-5)
      expect(lane.busy).toBeLessThanOrEqual(span)
    }
    const moments = [
      'importsLoaded',
      'ingestCalled',
      'firstDocumentStarted',
      'lastDocumentDone',
      'ingestReturned',
      'poolClosed',
      'projectClosed'
    ].map((name) => result.ms[name] as number)
    expect(moments).toEqual([...moments].sort((a, b) => a - b))
    expect(result.threads.workers).toHaveLength(2)
    for (const worker of result.threads.workers) expect(worker.run).toBeGreaterThan(0)
  })
})
