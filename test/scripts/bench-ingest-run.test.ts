import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-main/store/open.js'
import { getPage } from '../../src-main/store/pages.js'
import { tempDir } from '../helpers/db.js'
import { wrongArabicMap } from '../helpers/wrong-maps.js'

const repo = fileURLToPath(new URL('../..', import.meta.url))

/** Processes start and the Arabic recogniser loads: slow on a loaded machine. */
const TIMEOUT = 240_000

/** The flag codes of page 1 of the project's one document. */
function flagCodes(project: string): string[] {
  const db = openDatabase(project)
  try {
    const id = db.prepare('SELECT id FROM documents').pluck().get() as number
    return (getPage(db, id, 1)?.analysis.flags ?? []).map((flag) => flag.code)
  } finally {
    db.close()
  }
}

describe("the bench's ingest with and without glyph verification", { timeout: TIMEOUT }, () => {
  const dir = tempDir('recto-bench-ingest-')
  afterAll(() => dir.remove())

  it('flags a wrong Arabic map with verification on, and reads nothing back with it off', () => {
    const input = join(dir.dir, 'pdfs')
    mkdirSync(input)
    writeFileSync(join(input, 'wrong-arabic.pdf'), wrongArabicMap())
    const run = (project: string, ...extra: string[]) =>
      spawnSync(
        process.execPath,
        ['scripts/bench/ingest-run.js', input, join(dir.dir, project), ...extra],
        { cwd: repo, encoding: 'utf8' }
      )
    const on = run('on.sqlite')
    expect(on.stderr).toBe('')
    expect(JSON.parse(on.stdout)).toEqual({ pages: 1, ingested: 1 })
    expect(flagCodes(join(dir.dir, 'on.sqlite'))).toContain('glyph_mismatch')
    const off = run('off.sqlite', '--unverified')
    expect(off.stderr).toBe('')
    expect(JSON.parse(off.stdout)).toEqual({ pages: 1, ingested: 1 })
    expect(flagCodes(join(dir.dir, 'off.sqlite'))).not.toContain('glyph_mismatch')
  })
})
