import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { cascadeStored } from '../../src-main/pipeline/stored-cascade.js'
import { fontDicts } from '../../src-main/repair/font-programs.js'
import { saveFontCodes, saveFontProgram } from '../../src-main/store/font-maps.js'
import { openDatabase } from '../../src-main/store/open.js'
import { getPage, readLayout } from '../../src-main/store/pages.js'
import type { LineRecognizer } from '../../src-main/repair/recognizer.js'
import { verifyStoredDocument } from '../../src-main/verify/stored-verify.js'
import { spotsOf } from '../../src-main/shared/spots.js'
import { recto } from '../helpers/cli.js'
import { corpusPdf } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'
import { FONT_MAP_TRUTH, fontMapPdf } from '../helpers/font-map-pdf.js'
import { scannedPdf } from '../helpers/scanned-text.js'
import { HEADING, repairedHeading, wrongArabicMap } from '../helpers/wrong-maps.js'

// Each document with a doubted font starts a recogniser and reads a few lines: seconds each, many
// more on a busy machine.
const TIMEOUT = 240_000

type FlagRow = { name: string; code: string; severity: string; message: string; evidence: string }

/** Every flag of the project with its document's file name, and every page's decision. */
function contents(file: string) {
  const db = new Database(file, { readonly: true })
  try {
    const flags = db
      .prepare(
        `SELECT d.name, f.code, f.severity, f.message, f.evidence FROM flags f
         JOIN documents d ON d.id = f.document_id ORDER BY d.name, f.page_no`
      )
      .all() as FlagRow[]
    const decisions = db
      .prepare(
        `SELECT d.name, p.decision FROM pages p JOIN documents d ON d.id = p.document_id
         ORDER BY d.name, p.page_no`
      )
      .all() as { name: string; decision: string }[]
    return { flags, decisions }
  } finally {
    db.close()
  }
}

describe('glyph verification in the stored cascade', { timeout: TIMEOUT }, () => {
  const dir = tempDir('recto-verify-')
  afterAll(() => dir.remove())

  it('flags, through recto ingest, a shifted map, a wrong Arabic map and a wrongly learned repair', () => {
    const input = join(dir.dir, 'wrong')
    mkdirSync(input)
    writeFileSync(join(input, 'shifted.pdf'), fontMapPdf('shifted', [HEADING]))
    writeFileSync(join(input, 'arabic.pdf'), wrongArabicMap())
    writeFileSync(join(input, 'repaired.pdf'), repairedHeading(-2))
    const project = join(dir.dir, 'wrong.sqlite')
    const run = recto('ingest', input, '--db', project)
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const { flags, decisions } = contents(project)
    const mismatches = flags.filter((flag) => flag.code === 'glyph_mismatch')
    expect(mismatches.map((flag) => flag.name)).toEqual([
      'arabic.pdf',
      'repaired.pdf',
      'shifted.pdf'
    ])
    expect(mismatches.find((f) => f.name === 'shifted.pdf')?.message).toBe(
      "font F1 (RIZOEZ+Times-Roman): the map reads 'Mjcsbsz Pqfojoh Ipvst gps uif Tvnnfs Ufsn', the glyphs read 'Library Opening Hours for the Summer Term' (7 of 7 sampled words differ)"
    )
    expect(mismatches.find((f) => f.name === 'repaired.pdf')?.message).toContain(
      "the map reads 'Jgzpypw Mnclgle"
    )
    for (const flag of mismatches) {
      const evidence = JSON.parse(flag.evidence) as Record<string, unknown>
      expect(evidence['reason']).toBe(
        { 'arabic.pdf': 'arabic', 'repaired.pdf': 'repaired', 'shifted.pdf': 'odd letters' }[
          flag.name
        ]
      )
      // The box the review screen marks on the page image: the font's line, left margin 72 pt.
      const [spot] = spotsOf(evidence)
      expect(spot?.bbox[0]).toBeGreaterThan(60)
      expect(spot?.bbox[2]).toBeGreaterThan(spot!.bbox[0])
    }
    // Each font carries its page's text: the page goes to OCR, none passes as ok.
    expect(decisions.map((page) => page.decision)).toEqual(['ocr', 'ocr', 'ocr'])
  })

  it('raises no false alarm on clean corpus files, Arabic ones verified among them', async () => {
    const input = join(dir.dir, 'clean')
    mkdirSync(input)
    for (const name of [
      'docling__right_to_left_01.pdf',
      'pdfjs__tracemonkey.pdf',
      'pdfminer__dmca.pdf',
      'olmocr__ff3d6e051903fe5ca9bc172ece14964c5632_pg1.pdf',
      'olmocr__not_parsing2.pdf',
      'pypdf-samples__GeoTopo-komprimiert.pdf'
    ]) {
      copyFileSync(corpusPdf(name), join(input, name))
    }
    const project = join(dir.dir, 'clean.sqlite')
    const run = recto('ingest', input, '--db', project)
    expect(run.status).toBe(0)
    const { flags } = contents(project)
    expect(flags.filter((flag) => flag.code === 'glyph_mismatch')).toEqual([])
    // The Arabic file's fonts were verified (their programs' cmaps agree with their maps), and
    // its pages keep that they were: a later run (a cascade over the document) reads nothing again.
    const db = openDatabase(project)
    try {
      const id = db
        .prepare(`SELECT id FROM documents WHERE name = 'docling__right_to_left_01.pdf'`)
        .pluck()
        .get() as number
      expect(readLayout(db, id, 1)?.glyphShapes).toEqual([])
      const reads: string[] = []
      const counting = (language: string): LineRecognizer => ({
        readLine: () => {
          reads.push(language)
          return Promise.resolve('')
        },
        close: () => Promise.resolve()
      })
      const again = await verifyStoredDocument(db, id, {
        language: 'eng',
        recognizerFor: counting
      })
      expect(again).toEqual({ fonts: 0, lines: 0, flagged: [] })
      expect(reads).toEqual([])
    } finally {
      db.close()
    }
  })

  it('flags after the stored repair a map learned wrong, and OCR then reads the page', async () => {
    const bytes = fontMapPdf('missing', [HEADING])
    const file = join(dir.dir, 'learned.pdf')
    writeFileSync(file, bytes)
    const project = join(dir.dir, 'learned.sqlite')
    expect(recto('ingest', file, '--db', project).status).toBe(0)
    // As if an earlier repair had learned the font's letters two places off ("Jgzpypw").
    const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
    const [dict] = fontDicts(doc.asPDF()!)
    doc.destroy()
    const times = new mupdf.Font('Times-Roman')
    const db = openDatabase(project)
    try {
      saveFontProgram(db, { id: dict!.program.id, name: 'Times-Roman', codeWidth: 1, linesRead: 1 })
      saveFontCodes(
        db,
        dict!.program.id,
        [...new Set(HEADING.replaceAll(' ', ''))].map((ch) => {
          const base = /[a-z]/.test(ch) ? 97 : 65
          const wrong = String.fromCharCode(((ch.charCodeAt(0) - base + 24) % 26) + base)
          return { code: times.encodeCharacter(ch), text: wrong, source: 'ocr', votes: 1, seen: 1 }
        })
      )
      const result = await cascadeStored(
        db,
        { backend: 'tesseract.js', languages: null },
        { documentIds: [1] }
      )
      expect(result.repaired).toEqual([1])
      expect(result.verification.flagged).toEqual([{ documentId: 1, page: 1 }])
      // OCR read the page the wrong map had: its words are the heading's, and it awaits review.
      const page = getPage(db, 1, 1)
      expect(page?.analysis.text).toContain('Opening Hours')
      expect(page?.analysis.decision).not.toBe('ok')
      expect(page?.analysis.flags.map((flag) => flag.code)).toContain('ocr_text')
    } finally {
      db.close()
    }
  })

  it('leaves a page OCR read badly flagged, never ok', async () => {
    // A page of prose scanned at 40 dpi: OCR reads it, unsure of most of its words.
    const doc = mupdf.Document.openDocument(
      fontMapPdf('holes', FONT_MAP_TRUTH.slice(0, 1)),
      'application/pdf'
    )
    const file = join(dir.dir, 'poor-scan.pdf')
    writeFileSync(file, scannedPdf(doc.loadPage(0), 0, 40))
    doc.destroy()
    const project = join(dir.dir, 'poor-scan.sqlite')
    expect(recto('ingest', file, '--db', project).status).toBe(0)
    const db = openDatabase(project)
    try {
      expect(getPage(db, 1, 1)?.analysis.decision).toBe('ocr')
      const result = await cascadeStored(
        db,
        { backend: 'tesseract.js', languages: ['eng'] },
        { documentIds: [1] }
      )
      expect(result.ocr).toMatchObject({ done: 1, failed: [] })
      const page = getPage(db, 1, 1)!
      expect(page.analysis.flags.find((flag) => flag.code === 'ocr_text')?.severity).toMatch(
        /^(warn|error)$/
      )
      expect(page.analysis.decision).not.toBe('ok')
    } finally {
      db.close()
    }
  })
})
