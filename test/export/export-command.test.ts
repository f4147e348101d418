import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { corpusPdf, ingestPdf, review } from './project.js'
import { runCli } from './run-cli.js'

describe('recto export', () => {
  const tmp = tempDir('recto-export-cli-')
  const dbFile = join(tmp.dir, 'project.recto')

  beforeAll(() => {
    const db = openDatabase(dbFile)
    const doc = ingestPdf(db, corpusPdf('pdfbox__eu-001.pdf'))
    review(db, doc, 2, { status: 'approved' })
    db.close()
  })
  afterAll(() => tmp.remove())

  it('writes every format asked for and reports what changed', async () => {
    const args = [
      'export',
      '--db',
      dbFile,
      '--gold',
      join(tmp.dir, 'gold'),
      '--jsonl',
      join(tmp.dir, 'corpus.jsonl'),
      '--markdown',
      join(tmp.dir, 'md')
    ]
    const first = await runCli(args)
    expect(first).toMatchObject({ code: 0, err: '' })
    expect(first.out).toBe(
      [
        `gold: 1 entry in ${join(tmp.dir, 'gold')}: 1 added, 0 changed, 0 unchanged, 0 removed`,
        `jsonl: 3 pages in ${join(tmp.dir, 'corpus.jsonl')}: added`,
        `markdown: 1 document in ${join(tmp.dir, 'md')}: 1 added, 0 changed, 0 unchanged`,
        ''
      ].join('\n')
    )
    expect(existsSync(join(tmp.dir, 'gold', 'pdfbox__eu-001-p002.pdf'))).toBe(true)
    const second = await runCli(args)
    expect(second.out).toContain('0 added, 0 changed, 1 unchanged, 0 removed (nothing changed)')
    expect(second.out).toContain('corpus.jsonl: unchanged')
  })

  it('refuses bad usage and a missing project in one line', async () => {
    expect(await runCli(['export', '--gold', 'x'])).toMatchObject({
      code: 2,
      err: 'recto: export needs --db <file>\n'
    })
    expect(await runCli(['export', '--db', dbFile])).toMatchObject({ code: 2 })
    expect(
      await runCli(['export', '--db', dbFile, '--gold', 'x', '--status', 'done'])
    ).toMatchObject({ code: 2, err: expect.stringContaining("unknown status 'done'") })
    const missing = join(tmp.dir, 'nope.recto')
    const result = await runCli(['export', '--db', missing, '--gold', join(tmp.dir, 'g2')])
    expect(result.code).toBe(1)
    expect(result.err).toMatch(new RegExp(`^recto: ${missing}: .+\\n$`, 'u'))
    expect(existsSync(join(tmp.dir, 'g2'))).toBe(false)
  })
})
