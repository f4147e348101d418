import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChunkRecord } from '../../src-main/export/chunk-record.js'
import { exportChunks } from '../../src-main/export/chunks-export.js'
import { exportJsonl } from '../../src-main/export/jsonl-export.js'
import { JsonlRecord } from '../../src-main/export/jsonl-record.js'
import { exportMarkdown } from '../../src-main/export/markdown-export.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { BULLETS, elementsPdf, LISTING, NUMBERED, prose, SUM } from '../helpers/elements-pdf.js'
import { ingestPdf } from './project.js'

const tmp = tempDir('recto-elements-')
let db: WritableDB

beforeAll(() => {
  const file = join(tmp.dir, 'elements.pdf')
  // One page of each element, so that each page's Markdown and chunks show it alone.
  writeFileSync(
    file,
    elementsPdf([
      BULLETS,
      LISTING,
      SUM,
      // Two formulas a column apart, the second set a little lower: read one after the other.
      [
        ...prose(700, ['Two columns, each with a formula of its own.']),
        { x: 100, y: 670, text: 'x = a + b', size: 12 },
        { x: 400, y: 650, text: 'y = c - d', size: 12 }
      ],
      NUMBERED
    ])
  )
  db = openDatabase(join(tmp.dir, 'project.recto'))
  ingestPdf(db, file)
})
afterAll(() => {
  db.close()
  tmp.remove()
})

async function markdownPages(): Promise<string[]> {
  const dir = join(tmp.dir, 'md')
  await exportMarkdown(db, dir)
  return readFileSync(join(dir, 'elements.md'), 'utf8')
    .split(/<!-- page \d+ -->/u)
    .slice(1)
}

async function chunks(size: number): Promise<ChunkRecord[]> {
  const file = join(tmp.dir, `chunks-${size}.jsonl`)
  await exportChunks(db, file, { size })
  return readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => ChunkRecord.parse(JSON.parse(line)))
}

describe('lists, listings and formulas in the exports', () => {
  it('writes a real Markdown list, nested by indentation, not bullets inside a paragraph', async () => {
    const [page] = await markdownPages()
    expect(page).toContain(
      [
        '- First item of the list',
        '- Second item, which wraps onto a second line under its text',
        '    - A nested item',
        '- Third item'
      ].join('\n')
    )
    expect(page).not.toContain('•')
  })

  it('keeps numbers as Markdown numbers, and letters and numerals after a dash', async () => {
    const numbered = (await markdownPages())[4]!
    expect(numbered).toContain(
      [
        '1. Gather the samples',
        '2. Weigh them',
        '    - a) on the small scale',
        '    - b) twice',
        '        - (i) if wet',
        '        - (ii) if dry'
      ].join('\n')
    )
  })

  it('fences a listing with its indentation and a formula with its lines', async () => {
    const [, listing, formula] = await markdownPages()
    expect(listing).toContain(
      '```\nfunction add(a, b) {\n  return a + b;\n}\nconsole.log(add(3, 5));\n```'
    )
    expect(formula).toContain('```formula\nn\n∑\nk=1\nk = n(n + 1)\n2\n```')
  })

  it('carries list items (marker, level), code lines and formulas in the JSONL', async () => {
    const file = join(tmp.dir, 'pages.jsonl')
    await exportJsonl(db, file)
    const [bullets, listing, sum, columns] = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JsonlRecord.parse(JSON.parse(line)))
    const items = bullets!.blocks.flatMap((b) => (b.role === 'list' ? (b.items ?? []) : []))
    expect(items).toEqual([
      { marker: '•', level: 0, text: 'First item of the list' },
      { marker: '•', level: 0, text: 'Second item, which wraps onto a second line under its text' },
      { marker: '–', level: 1, text: 'A nested item' },
      { marker: '•', level: 0, text: 'Third item' }
    ])
    const code = listing!.blocks.find((b) => b.role === 'code')!
    expect(code.lines).toEqual([
      'function add(a, b) {',
      '  return a + b;',
      '}',
      'console.log(add(3, 5));'
    ])
    expect(columns!.formulas!.map((f) => f.lines)).toEqual([['x = a + b'], ['y = c - d']])
    expect(sum!.formulas).toHaveLength(1)
    expect(sum!.formulas![0]!.lines).toEqual(['n', '∑ k = n(n + 1)', 'k=1 2'])
    expect(
      sum!.blocks
        .filter((b) => b.role === 'formula')
        .map((b) => b.id)
        .sort()
    ).toEqual([...sum!.formulas![0]!.blocks].sort())
  })

  it('keeps a listing’s lines and a formula whole in one chunk, even with small chunks', async () => {
    for (const size of [2000, 60]) {
      const records = await chunks(size)
      const code = records.filter((c) => c.roles.includes('code'))
      expect(code.map((c) => c.text).join('\n')).toContain('function add(a, b) {\n  return a + b;')
      const formula = records.filter((c) => c.roles.includes('formula') && c.text.includes('∑'))
      expect(formula).toHaveLength(1)
      expect(formula[0]!.text).toContain('n\n∑\nk=1\nk = n(n + 1)\n2')
      const list = records.filter((c) => c.roles.includes('list'))
      expect(list.map((c) => c.text).join('\n')).toContain('  – A nested item\n• Third item')
      // Each item stays on a line of its own, its marker first, nested ones indented.
      const lines = new Set(list.flatMap((c) => c.text.split('\n')))
      for (const item of [
        '• First item of the list',
        '• Second item, which wraps onto a second line under its text',
        '  – A nested item',
        '• Third item'
      ]) {
        expect(lines).toContain(item)
      }
    }
  })
})
