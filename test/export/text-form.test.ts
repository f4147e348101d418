import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportGold } from '../../src-main/export/gold-export.js'
import { exportJsonl } from '../../src-main/export/jsonl-export.js'
import { exportMarkdown } from '../../src-main/export/markdown-export.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { drawnPdf } from '../helpers/drawn-pdf.js'
import { ingestPdf, review } from './project.js'

const DRAWN = '（注）「引用」 E = mc² ½ ™ …'

/** The exports of a page whose text holds forms NFKC rewrites, as drawn and as NFKC. */
describe('text forms in the exports', () => {
  const tmp = tempDir('recto-forms-')
  let db: WritableDB

  beforeAll(() => {
    const file = join(tmp.dir, 'forms.pdf')
    writeFileSync(file, drawnPdf([{ runs: [{ x: 72, y: 700, text: DRAWN, font: 'korean' }] }]))
    db = openDatabase(join(tmp.dir, 'project.recto'))
    const doc = ingestPdf(db, file)
    review(db, doc, 1, { status: 'approved' })
  })
  afterAll(() => {
    db.close()
    tmp.remove()
  })

  it('writes the gold set, JSONL and Markdown as drawn by default', async () => {
    await exportGold(db, join(tmp.dir, 'gold'))
    expect(readFileSync(join(tmp.dir, 'gold', 'forms-p001.txt'), 'utf8')).toBe(`${DRAWN}\n`)
    await exportJsonl(db, join(tmp.dir, 'drawn.jsonl'))
    const record = JSON.parse(readFileSync(join(tmp.dir, 'drawn.jsonl'), 'utf8')) as {
      text: string
      blocks: Array<{ text: string }>
    }
    expect(record.text).toBe(DRAWN)
    expect(record.blocks[0]!.text).toBe(DRAWN)
    await exportMarkdown(db, join(tmp.dir, 'md'))
    expect(readFileSync(join(tmp.dir, 'md', 'forms.md'), 'utf8')).toContain(DRAWN)
  })

  it('writes JSONL and Markdown in NFKC when asked', async () => {
    const nfkc = '(注)「引用」 E = mc2 1⁄2 TM ...'
    await exportJsonl(db, join(tmp.dir, 'nfkc.jsonl'), { form: 'nfkc' })
    const record = JSON.parse(readFileSync(join(tmp.dir, 'nfkc.jsonl'), 'utf8')) as {
      text: string
      blocks: Array<{ text: string }>
    }
    expect(record.text).toBe(nfkc)
    expect(record.blocks[0]!.text).toBe(nfkc)
    await exportMarkdown(db, join(tmp.dir, 'md-nfkc'), { form: 'nfkc' })
    const md = readFileSync(join(tmp.dir, 'md-nfkc', 'forms.md'), 'utf8')
    expect(md).toContain(nfkc)
    expect(md).not.toContain('²')
  })
})
