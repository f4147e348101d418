import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportGold } from '../../src-main/export/gold-export.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import type { ScoreResult } from '../../src-main/score/run-score.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { corpusPdf, ingestPdf, review } from '../export/project.js'
import { runCli } from '../export/run-cli.js'

const truth = (name: string): string =>
  readFileSync(new URL(`../../../shared/corpus/truth/${name}`, import.meta.url), 'utf8')

/** Two-row dynamic programme over code points: independent of the bit-vector code under test. */
function referenceCer(gold: string, candidate: string): number {
  const norm = (t: string): string[] => [...t.toLowerCase().split(/\s+/u).filter(Boolean).join(' ')]
  const a = norm(gold)
  const b = norm(candidate)
  let prev = Int32Array.from({ length: b.length + 1 }, (_, j) => j)
  let cur = new Int32Array(b.length + 1)
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, sub)
    }
    ;[prev, cur] = [cur, prev]
  }
  return prev[b.length]! / a.length
}

describe('recto score', () => {
  const tmp = tempDir('recto-score-')
  const dbFile = join(tmp.dir, 'project.recto')
  const gold = join(tmp.dir, 'gold')
  let db: WritableDB
  let stored: Map<string, { text: string; raw: string }>

  beforeAll(async () => {
    db = openDatabase(dbFile)
    const eu = ingestPdf(db, corpusPdf('pdfbox__eu-001.pdf'))
    const poems = ingestPdf(db, corpusPdf('pdfbox__PDFBOX-3110-poems-beads.pdf'))
    // Reviewers' transcriptions: the PDFBox references, cut to the page.
    const euTruth = truth('pdfbox__eu-001.pdf.txt')
    review(db, eu, 1, { status: 'corrected', text: euTruth.slice(0, euTruth.length / 3) })
    review(db, eu, 2, { status: 'approved' })
    const poemsTruth = truth('pdfbox__PDFBOX-3110-poems-beads.pdf-sorted.txt')
    review(db, poems, 1, { status: 'corrected', text: poemsTruth.slice(0, 2800) })
    await exportGold(db, gold)
    stored = new Map(
      (
        db
          .prepare(
            `SELECT d.name, p.page_no, p.text, p.raw_text FROM pages p
             JOIN documents d ON d.id = p.document_id`
          )
          .all() as { name: string; page_no: number; text: string; raw_text: string }[]
      ).map((r) => [
        `${r.name.replace(/\.pdf$/u, '')}-p${String(r.page_no).padStart(3, '0')}`,
        { text: r.text, raw: r.raw_text }
      ])
    )
    db.close()
  })
  afterAll(() => tmp.remove())

  it("scores Recto's stored automatic text, not the correction, against the gold", async () => {
    const candidates = join(tmp.dir, 'other-tool')
    mkdirSync(candidates)
    writeFileSync(
      join(candidates, 'pdfbox__eu-001-p001.txt'),
      truth('pdfbox__eu-001.pdf-sorted.txt')
    )
    const { code, out } = await runCli([
      'score',
      '--gold',
      gold,
      '--db',
      dbFile,
      '--candidate',
      `other=${candidates}`,
      '--json'
    ])
    expect(code).toBe(0)
    const result = JSON.parse(out) as ScoreResult
    expect(result.extractors).toEqual(['recto', 'mupdf-raw', 'other'])
    // Gold folders are read in file-name order.
    expect(result.entries.map((e) => e.entry)).toEqual([
      'pdfbox__PDFBOX-3110-poems-beads-p001',
      'pdfbox__eu-001-p001',
      'pdfbox__eu-001-p002'
    ])
    const [, corrected, approved] = result.entries
    for (const entry of result.entries) {
      const goldText = readFileSync(join(gold, `${entry.entry}.txt`), 'utf8')
      const page = stored.get(entry.entry)!
      expect(entry.from).toBe('database')
      expect(
        Math.abs(entry.scores.recto!.cer.rate - referenceCer(goldText, page.text))
      ).toBeLessThan(1e-6)
      expect(
        Math.abs(entry.scores['mupdf-raw']!.cer.rate - referenceCer(goldText, page.raw))
      ).toBeLessThan(1e-6)
    }
    // A corrected page differs from the extraction; an approved one is its own extraction.
    expect(corrected!.scores.recto!.cer.rate).toBeGreaterThan(0.01)
    expect(approved!.scores.recto!.cer.rate).toBe(0)
    const other = corrected!.scores.other!
    const otherText = truth('pdfbox__eu-001.pdf-sorted.txt')
    const goldText = readFileSync(join(gold, 'pdfbox__eu-001-p001.txt'), 'utf8')
    expect(Math.abs(other.cer.rate - referenceCer(goldText, otherText))).toBeLessThan(1e-6)
    expect(approved!.scores.other).toBeNull()
    expect(result.means.other!.entries).toBe(1)
    const recto = result.entries.map((e) => e.scores.recto!.cer.rate)
    expect(result.means.recto!.cer).toBeCloseTo(recto.reduce((a, b) => a + b) / 3, 12)
    for (const [code, perExtractor] of Object.entries(result.byFlag)) {
      const withFlag = result.entries.filter((e) => e.flags.includes(code as never))
      expect(perExtractor!.recto!.entries).toBe(withFlag.length)
    }
  })

  it('extracts afresh without a project, a multi-page PDF as one document', async () => {
    const folder = join(tmp.dir, 'by-hand')
    mkdirSync(folder)
    copyFileSync(corpusPdf('pdfbox__eu-001.pdf'), join(folder, 'eu.pdf'))
    const goldText = truth('pdfbox__eu-001.pdf.txt')
    writeFileSync(join(folder, 'eu.txt'), '\uFEFF' + goldText)
    copyFileSync(corpusPdf('pdfbox__cweb.pdf'), join(folder, 'no-text.pdf'))
    const { code, out, err } = await runCli(['score', '--gold', folder])
    expect(code).toBe(0)
    expect(err).toBe('recto: no-text.pdf: no .txt beside it\n')
    const file = openPdf(readFileSync(join(folder, 'eu.pdf')))
    const pages = analyzeDocument(file).pages
    closePdf(file)
    expect(pages).toHaveLength(3)
    const expected = referenceCer(goldText, pages.map((p) => p.analysis.text).join('\f'))
    const row = out.split('\n').find((line) => line.startsWith('| eu |'))!
    expect(row.split('|')[3]!.trim()).toBe(`${(expected * 100).toFixed(2)}%`)
    expect(out).toContain('## Mean CER per flag')
  })

  it('refuses bad usage in one line', async () => {
    expect(await runCli(['score'])).toMatchObject({
      code: 2,
      err: 'recto: score needs --gold <dir>\n'
    })
    const clash = await runCli(['score', '--gold', gold, '--candidate', `recto=${gold}`])
    expect(clash).toMatchObject({ code: 2, err: "recto: --candidate: the name 'recto' is taken\n" })
  })
})
