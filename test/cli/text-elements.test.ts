import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JsonlRecord } from '../../src-main/export/jsonl-record.js'
import { openDatabase } from '../../src-main/store/open.js'
import { recto } from '../helpers/cli.js'
import { tempDir } from '../helpers/db.js'
import { BULLETS, elementsPdf, LISTING, NUMBERED, SUM } from '../helpers/elements-pdf.js'
import { review } from '../export/project.js'
import { runCli } from '../export/run-cli.js'

const BULLETED = [
  'Some paragraph of text that introduces the list below and goes on. It has a second line, ending with a colon:',
  '',
  '• First item of the list',
  '• Second item, which wraps onto a second line under its text',
  '  – A nested item',
  '• Third item'
].join('\n')

const CODE = [
  'A paragraph before the code, which says what it does.',
  '',
  'function add(a, b) {',
  '  return a + b;',
  '}',
  'console.log(add(3, 5));',
  '',
  'A paragraph after the code, which goes on for a while.'
].join('\n')

const FORMULA = [
  'A paragraph before the formula, which introduces it.',
  '',
  'n',
  '∑',
  'k=1',
  'k = n(n + 1)',
  '2',
  '',
  'And a paragraph after the formula, which goes on for a while.'
].join('\n')

const STEPS = [
  'Steps:',
  '',
  '1. Gather the samples',
  '2. Weigh them',
  '  a) on the small scale',
  '  b) twice',
  '    (i) if wet',
  '    (ii) if dry'
].join('\n')

const tmp = tempDir('recto-text-elements-')
const pdf = join(tmp.dir, 'elements.pdf')
const dbFile = join(tmp.dir, 'project.recto')

beforeAll(() => {
  writeFileSync(pdf, elementsPdf([BULLETS, LISTING, SUM, NUMBERED]))
})
afterAll(() => tmp.remove())

describe('lists, listings and formulas in plain text', () => {
  it('recto text keeps a listing’s lines and indentation, a list’s items and a formula’s lines', () => {
    const result = recto('text', pdf)
    expect(result).toMatchObject({ status: 0, stderr: '' })
    expect(result.stdout).toBe([BULLETED, CODE, FORMULA, STEPS].join('\f') + '\n')
  })

  it('recto export writes the same text to the gold .txt and to the JSONL, block by block', async () => {
    expect(recto('ingest', pdf, '--db', dbFile)).toMatchObject({ status: 0 })
    const db = openDatabase(dbFile)
    for (const page of [1, 2, 3, 4]) review(db, 1, page, { status: 'approved' })
    db.close()
    const gold = join(tmp.dir, 'gold')
    const jsonl = join(tmp.dir, 'pages.jsonl')
    const result = await runCli(['export', '--db', dbFile, '--gold', gold, '--jsonl', jsonl])
    expect(result).toMatchObject({ code: 0, err: '' })
    const txt = (page: number): string =>
      readFileSync(join(gold, `elements-p00${page}.txt`), 'utf8')
    expect([1, 2, 3, 4].map(txt).map((t) => t.trimEnd())).toEqual([BULLETED, CODE, FORMULA, STEPS])
    const records = readFileSync(jsonl, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JsonlRecord.parse(JSON.parse(line)))
    expect(records.map((r) => r.text)).toEqual([BULLETED, CODE, FORMULA, STEPS])
    const blockText = (page: number, role: string): string[] =>
      records[page - 1]!.blocks.filter((b) => b.role === role).map((b) => b.text)
    expect(blockText(2, 'code')).toEqual([
      'function add(a, b) {\n  return a + b;\n}\nconsole.log(add(3, 5));'
    ])
    expect(blockText(1, 'list').join('\n')).toBe(BULLETED.split('\n\n')[1])
    expect(blockText(4, 'list').join('\n')).toContain('1. Gather the samples\n2. Weigh them')
    // A body paragraph still joins its lines, as before.
    expect(blockText(1, 'body')).toEqual([BULLETED.split('\n\n')[0]])
  })
})
