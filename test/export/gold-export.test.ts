import { copyFileSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportGold } from '../../src-main/export/gold-export.js'
import { goldText } from '../../src-main/export/gold-text.js'
import { parseManifest } from '../../src-main/export/manifest.js'
import { closePdf, extractPage, openPdf, rawText } from '../../src-main/extract/index.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { getDocument } from '../../src-main/store/documents.js'
import { tempDir } from '../helpers/db.js'
import { corpusPdf, ingestPdf, review } from './project.js'

/** Every file under `dir`, relative, hidden temp folders included: nothing may hide. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort()
}

function pdfPageTexts(file: string): string[] {
  const pdf = openPdf(readFileSync(file))
  try {
    return Array.from({ length: pdf.pageCount }, (_, i) => rawText(extractPage(pdf, i)))
  } finally {
    closePdf(pdf)
  }
}

describe('gold export', () => {
  const tmp = tempDir('recto-gold-')
  let db: WritableDB
  let eu: number
  let escape: number
  let twin: number
  let sourcePages: string[]

  beforeAll(() => {
    db = openDatabase(join(tmp.dir, 'project.recto'))
    const euFile = join(tmp.dir, 'eu-001.pdf')
    copyFileSync(corpusPdf('pdfbox__eu-001.pdf'), euFile)
    eu = ingestPdf(db, euFile)
    // A hostile name, and a second document whose name cleans up to the same stem.
    escape = ingestPdf(db, corpusPdf('olmocr__multi_column_miss.pdf'), '../../escape.pdf')
    twin = ingestPdf(db, corpusPdf('pdfminer__kampo.pdf'), 'EU-001.pdf')
    review(db, eu, 1, { status: 'approved' })
    review(db, eu, 2, { status: 'corrected', text: 'Second  page, ﬁxed by hand.\r\nLine two' })
    review(db, eu, 3, { status: 'rejected' })
    review(db, escape, 1, { status: 'approved' }, 'grace')
    review(db, twin, 1, { status: 'corrected', text: 'Kampo, corrected' })
    sourcePages = pdfPageTexts(euFile)
  })
  afterAll(() => {
    db.close()
    tmp.remove()
  })

  const sha8 = (id: number): string => getDocument(db, id)!.sha256.slice(0, 8)

  it('writes one pdf + txt per approved or corrected page and a manifest, nothing else', async () => {
    const dir = join(tmp.dir, 'gold')
    const report = await exportGold(db, dir)
    const euStem = `eu-001-${sha8(eu)}`
    const twinStem = `EU-001-${sha8(twin)}`
    const entries = [`${euStem}-p001`, `${euStem}-p002`, 'escape-p001', `${twinStem}-p001`]
    expect(listing(dir)).toEqual(
      [...entries.flatMap((e) => [`${e}.pdf`, `${e}.txt`]), 'manifest.jsonl'].sort()
    )
    expect(readdirSync(tmp.dir).filter((f) => f.startsWith('escape'))).toEqual([])
    expect(report.added.toSorted()).toEqual(entries.toSorted())
    expect(report.changed).toEqual([])
    expect(report.errors).toEqual([])

    // Each PDF is just its page: same text as that page of the source.
    expect(pdfPageTexts(join(dir, `${euStem}-p001.pdf`))).toEqual([sourcePages[0]])
    expect(pdfPageTexts(join(dir, `${euStem}-p002.pdf`))).toEqual([sourcePages[1]])
    expect(readFileSync(join(dir, `${euStem}-p002.txt`), 'utf8')).toBe(
      'Second  page, fixed by hand.\nLine two\n'
    )
    const approved = readFileSync(join(dir, `${euStem}-p001.txt`), 'utf8')
    const stored = db.prepare('SELECT text FROM pages WHERE document_id = ? AND page_no = 1')
    expect(approved).toBe(goldText([stored.pluck().get(eu) as string]))

    const manifest = parseManifest(readFileSync(join(dir, 'manifest.jsonl'), 'utf8'))
    expect(manifest.map((l) => l.entry)).toEqual(entries)
    const escapeLine = manifest.find((l) => l.entry === 'escape-p001')!
    expect(escapeLine).toMatchObject({
      source: '../../escape.pdf',
      sha256: getDocument(db, escape)!.sha256,
      page: 1,
      pages: [1],
      status: 'approved',
      reviewer: 'grace'
    })
    expect(escapeLine.revision).toBeGreaterThan(0)
    expect(escapeLine.time).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('changes nothing when run again, and says so', async () => {
    const dir = join(tmp.dir, 'gold')
    const before = listing(dir).map((f) => [f, statSync(join(dir, f)).mtimeMs])
    const report = await exportGold(db, dir)
    expect(report.added).toEqual([])
    expect(report.changed).toEqual([])
    expect(report.removed).toEqual([])
    expect(report.unchanged).toHaveLength(4)
    expect(listing(dir).map((f) => [f, statSync(join(dir, f)).mtimeMs])).toEqual(before)
  })

  it('updates an edited entry and removes one whose page was rejected since', async () => {
    const dir = join(tmp.dir, 'gold')
    review(db, escape, 1, { status: 'corrected', text: 'Two columns, now in order' }, 'grace')
    review(db, eu, 1, { status: 'rejected' })
    const report = await exportGold(db, dir)
    expect(report.changed).toEqual(['escape-p001'])
    expect(report.removed).toEqual([`eu-001-${sha8(eu)}-p001`])
    expect(readFileSync(join(dir, 'escape-p001.txt'), 'utf8')).toBe('Two columns, now in order\n')
    expect(listing(dir)).not.toContain(`eu-001-${sha8(eu)}-p001.pdf`)
    const manifest = parseManifest(readFileSync(join(dir, 'manifest.jsonl'), 'utf8'))
    expect(manifest.map((l) => l.entry)).not.toContain(`eu-001-${sha8(eu)}-p001`)
  })

  it('exports one entry per document, and only the statuses asked for', async () => {
    const dir = join(tmp.dir, 'per-document')
    const report = await exportGold(db, dir, { perDocument: true, statuses: ['rejected'] })
    expect(report.added).toEqual([`eu-001-${sha8(eu)}`])
    const manifest = parseManifest(readFileSync(join(dir, 'manifest.jsonl'), 'utf8'))
    expect(manifest[0]).toMatchObject({ pages: [1, 3], status: 'rejected' })
    expect(pdfPageTexts(join(dir, `eu-001-${sha8(eu)}.pdf`))).toEqual([
      sourcePages[0],
      sourcePages[2]
    ])
    expect(readFileSync(join(dir, `eu-001-${sha8(eu)}.txt`), 'utf8')).toContain('\f')
  })
})

describe('gold export with a source file gone', () => {
  const tmp = tempDir('recto-gold-missing-')
  let db: WritableDB

  beforeAll(() => {
    db = openDatabase(join(tmp.dir, 'project.recto'))
    const file = join(tmp.dir, 'moved.pdf')
    copyFileSync(corpusPdf('olmocr__multi_column_miss.pdf'), file)
    const doc = ingestPdf(db, file)
    review(db, doc, 1, { status: 'approved' })
  })
  afterAll(() => {
    db.close()
    tmp.remove()
  })

  it('reports the entry, keeps its earlier files and manifest line, and goes on', async () => {
    const dir = join(tmp.dir, 'gold')
    await exportGold(db, dir)
    const manifest = readFileSync(join(dir, 'manifest.jsonl'), 'utf8')
    rmSync(join(tmp.dir, 'moved.pdf'))
    const report = await exportGold(db, dir)
    expect(report.errors).toEqual([
      { entry: 'moved-p001', reason: expect.stringMatching(/^source PDF not found \(.*ENOENT\)$/u) }
    ])
    expect(report.removed).toEqual([])
    expect(listing(dir)).toEqual(['manifest.jsonl', 'moved-p001.pdf', 'moved-p001.txt'])
    expect(readFileSync(join(dir, 'manifest.jsonl'), 'utf8')).toBe(manifest)
  })
})
