import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChunkRecord } from '../../src-main/export/chunk-record.js'
import { exportChunks } from '../../src-main/export/chunks-export.js'
import { exportJsonl } from '../../src-main/export/jsonl-export.js'
import { JsonlRecord } from '../../src-main/export/jsonl-record.js'
import { exportMarkdown } from '../../src-main/export/markdown-export.js'
import { exportPageXml } from '../../src-main/export/page-xml-export.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { RUN_ON_BOOKLET, runOnBookletPage } from '../helpers/aside-booklet.js'
import { tempDir } from '../helpers/db.js'
import { drawnPdf } from '../helpers/drawn-pdf.js'
import { flat } from '../helpers/prose.js'
import { canonicalAttributes, validCanonicalXml } from '../helpers/xmllint.js'
import { ingestPdf } from './project.js'

const schema = fileURLToPath(new URL('./page-2019-required.xsd', import.meta.url))
const tmp = tempDir('recto-asides-')
let db: WritableDB
const BOX = RUN_ON_BOOKLET.box.join(' ')
const [, HEAD, REST] = RUN_ON_BOOKLET.cut

beforeAll(() => {
  const file = join(tmp.dir, 'booklet.pdf')
  writeFileSync(file, drawnPdf([runOnBookletPage()]))
  db = openDatabase(join(tmp.dir, 'project.recto'))
  ingestPdf(db, file)
})
afterAll(() => {
  db.close()
  tmp.remove()
})

describe("a booklet's side box in the exports", () => {
  it('is a blockquote of its own in Markdown, after the sentence it stood beside', async () => {
    const dir = join(tmp.dir, 'md')
    await exportMarkdown(db, dir)
    const paragraphs = readFileSync(join(dir, 'booklet.md'), 'utf8').split('\n\n').map(flat)
    const at = paragraphs.indexOf(`> ${BOX}`)
    expect(at).toBeGreaterThan(0)
    expect(paragraphs[at - 1]).toBe(REST)
    expect(paragraphs.filter((p) => p.includes('CAUTION'))).toEqual([`> ${BOX}`])
  })

  it('carries the role `aside` in JSONL', async () => {
    const file = join(tmp.dir, 'pages.jsonl')
    await exportJsonl(db, file)
    const [record] = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JsonlRecord.parse(JSON.parse(line)))
    const asides = record!.blocks.filter((b) => b.role === 'aside')
    expect(asides.map((b) => flat(b.text))).toEqual([BOX])
    expect(record!.blocks.filter((b) => b.text.includes('CAUTION'))).toHaveLength(1)
  })

  it('is a chunk of its own, and the sentence it stood beside is one in its chunk', async () => {
    const file = join(tmp.dir, 'chunks.jsonl')
    await exportChunks(db, file, {})
    const chunks = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => ChunkRecord.parse(JSON.parse(line)))
    const asides = chunks.filter((c) => c.roles.includes('aside'))
    expect(asides.map((c) => [c.text, c.roles])).toEqual([[BOX, ['aside']]])
    const others = chunks.filter((c) => !c.roles.includes('aside'))
    expect(others.some((c) => c.text.includes('CAUTION'))).toBe(false)
    expect(others.some((c) => flat(c.text).includes(`${HEAD} ${REST}`))).toBe(true)
  })

  it('is a floating region in PAGE XML, valid against PAGE 2019', async () => {
    const dir = join(tmp.dir, 'page-xml')
    await exportPageXml(db, dir)
    const xml = await validCanonicalXml(join(dir, 'booklet-p001.xml'), schema)
    const types = canonicalAttributes(xml, 'TextRegion', 'type')
    expect(types.filter((t) => t === 'floating')).toHaveLength(1)
  })
})
