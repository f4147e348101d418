import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PARTIAL_DIR } from '../../src-main/export/atomic-write.js'
import { exportGold } from '../../src-main/export/gold-export.js'
import { parseManifest } from '../../src-main/export/manifest.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { corpusPdf, ingestPdf, review } from './project.js'

const repo = new URL('../../', import.meta.url).pathname

function visibleFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => !f.startsWith('.'))
}

describe('an interrupted gold export', () => {
  const tmp = tempDir('recto-kill-')
  const dbFile = join(tmp.dir, 'project.recto')
  const reference = join(tmp.dir, 'reference')
  let db: WritableDB

  beforeAll(async () => {
    db = openDatabase(dbFile)
    const doc = ingestPdf(db, corpusPdf('pdfbox__eu-001.pdf'))
    review(db, doc, 1, { status: 'approved' })
    review(db, doc, 2, { status: 'corrected', text: 'page two, by hand' })
    review(db, doc, 3, { status: 'approved' })
    await exportGold(db, reference)
  })
  afterAll(() => {
    db.close()
    tmp.remove()
  })

  /** Every file in sight is byte-identical to the one an uninterrupted export writes. */
  function expectOnlyCompleteFiles(dir: string): void {
    for (const file of visibleFiles(dir)) {
      expect(readFileSync(join(dir, file)), file).toEqual(readFileSync(join(reference, file)))
    }
  }

  it('killed with SIGKILL between writing and renaming leaves only complete files', async () => {
    const dir = join(tmp.dir, 'killed')
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'test/export/kill-midway.ts', dbFile, dir, '4'],
      { cwd: repo, encoding: 'utf8' }
    )
    expect(child.signal).toBe('SIGKILL')
    // Three files were renamed into place; the fourth was complete in the temp folder only.
    expect(visibleFiles(dir)).toHaveLength(3)
    expect(readdirSync(join(dir, PARTIAL_DIR))).toHaveLength(1)
    expectOnlyCompleteFiles(dir)

    // The next export clears the dead writer's temp file and completes the set.
    const report = await exportGold(db, dir)
    expect(report.unchanged).toEqual(['pdfbox__eu-001-p001'])
    expect(report.changed).toEqual(['pdfbox__eu-001-p002'])
    expect(report.added).toEqual(['pdfbox__eu-001-p003'])
    expect(existsSync(join(dir, PARTIAL_DIR))).toBe(false)
    expect(visibleFiles(dir).sort()).toEqual(visibleFiles(reference).sort())
    expectOnlyCompleteFiles(dir)
  })

  it('failing midway leaves only complete files, and the next export finishes the job', async () => {
    const dir = join(tmp.dir, 'failed')
    let renames = 0
    const failing = exportGold(db, dir, {
      beforeRename: () => {
        if (++renames === 3) throw new Error('disk full')
      }
    })
    await expect(failing).rejects.toThrow('disk full')
    expect(visibleFiles(dir)).toHaveLength(2)
    expect(readdirSync(join(dir, PARTIAL_DIR))).toEqual([])
    expect(existsSync(join(dir, 'manifest.jsonl'))).toBe(false)
    expectOnlyCompleteFiles(dir)

    const report = await exportGold(db, dir)
    expect(report.unchanged).toHaveLength(1)
    expect(report.added).toHaveLength(2)
    expect(existsSync(join(dir, PARTIAL_DIR))).toBe(false)
    expect(visibleFiles(dir).sort()).toEqual(visibleFiles(reference).sort())
    expectOnlyCompleteFiles(dir)
    expect(parseManifest(readFileSync(join(dir, 'manifest.jsonl'), 'utf8'))).toHaveLength(3)
  })
})
