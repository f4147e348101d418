import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { recto } from '../helpers/cli.js'
import { analysisOf } from '../helpers/pages.js'
import { tempDir } from '../helpers/db.js'
import { MISREAD_LAYER_LINES, SCANNED_LINES } from '../helpers/layer-lines.js'
import { writeLayeredScan } from '../helpers/layered-scan.js'
import { spotsOf } from '../../src-main/shared/spots.js'
import { verifyGlyphShapes } from '../../src-main/verify/glyph-shapes.js'
import { TRUSTED_AFTER_PAGES } from '../../src-main/verify/layer-lines.js'
import { mupdf } from '../../src-main/extract/mupdf.js'

const dir = tempDir('recto-layer-readback-')
afterAll(() => dir.remove())

describe('an invisible OCR layer read back against its image', () => {
  it('sends a page whose layer misreads words the scan shows to review, with both readings', async () => {
    const file = writeLayeredScan(dir.dir, 'misread-layer.pdf', {
      lines: SCANNED_LINES,
      layer: MISREAD_LAYER_LINES
    })
    const before = analysisOf(file)
    // The layer's words read as words often enough: its statistics pass it.
    expect(before.pages[0]?.analysis.decision).toBe('ok')
    const verified = await verifyGlyphShapes(readFileSync(file), before)
    expect([...verified.layers]).toEqual([1])
    const page = verified.analysis.pages[0]!
    expect(page.analysis.decision).toBe('review')
    const flag = page.analysis.flags.find((f) => f.code === 'ocr_layer')
    expect(flag?.severity).toBe('warn')
    expect(flag?.message).toContain("'couuted' where the image reads 'counted'")
    const spots = spotsOf(flag?.evidence ?? {})
    expect(spots.length).toBeGreaterThanOrEqual(2)
    // The line's box on the page, where the layer's lines stand (56 pt from the left).
    expect(spots[0]?.bbox[0]).toBeCloseTo(56, 0)
  })

  it('leaves a page whose layer says what the scan shows ok', async () => {
    const file = writeLayeredScan(dir.dir, 'right-layer.pdf', {
      lines: SCANNED_LINES,
      layer: SCANNED_LINES
    })
    const before = analysisOf(file)
    const verified = await verifyGlyphShapes(readFileSync(file), before)
    const page = verified.analysis.pages[0]!
    expect(page.layout.layerReading?.corrections).toEqual([])
    expect(page.analysis.decision).toBe('ok')
    expect(page.analysis.flags.map((f) => f.code)).not.toContain('ocr_layer')
  })

  it('reads nothing back on a page of visible text', async () => {
    const file = writeLayeredScan(dir.dir, 'title-only.pdf', {
      lines: SCANNED_LINES,
      title: 'The Harbour Town'
    })
    const verified = await verifyGlyphShapes(readFileSync(file), analysisOf(file))
    expect(verified.layers.size).toBe(0)
    expect(verified.lines).toBe(0)
  })
})

/** One PDF of the given one-page scans, in order. */
function bound(name: string, pages: readonly string[]): string {
  const doc = new mupdf.PDFDocument()
  for (const page of pages) {
    doc.graftPage(
      -1,
      mupdf.PDFDocument.openDocument(readFileSync(page), 'application/pdf') as mupdf.PDFDocument,
      0
    )
  }
  const file = join(dir.dir, name)
  writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
  return file
}

describe('the read-back of a scanned book', { timeout: 240_000 }, () => {
  const right = writeLayeredScan(dir.dir, 'book-right.pdf', {
    lines: SCANNED_LINES,
    layer: SCANNED_LINES
  })
  const misread = writeLayeredScan(dir.dir, 'book-misread.pdf', {
    lines: SCANNED_LINES,
    layer: MISREAD_LAYER_LINES
  })

  it('trusts the rest of a layer once its first pages all read right', async () => {
    const file = bound(
      'right-book.pdf',
      Array.from({ length: TRUSTED_AFTER_PAGES + 1 }, () => right)
    )
    const verified = await verifyGlyphShapes(readFileSync(file), analysisOf(file))
    expect(verified.layers.size).toBe(TRUSTED_AFTER_PAGES)
    expect(verified.analysis.pages.every((p) => p.analysis.decision === 'ok')).toBe(true)
  })

  it('reads every page of a layer found misreading', async () => {
    const pages = [misread, ...Array.from({ length: TRUSTED_AFTER_PAGES }, () => right)]
    const file = bound('misread-book.pdf', pages)
    const verified = await verifyGlyphShapes(readFileSync(file), analysisOf(file))
    expect(verified.layers.size).toBe(TRUSTED_AFTER_PAGES + 1)
    expect(verified.analysis.pages.map((p) => p.analysis.decision)).toEqual([
      'review',
      ...Array.from({ length: TRUSTED_AFTER_PAGES }, () => 'ok')
    ])
  })
})

describe('an invisible OCR layer read back by recto ingest', { timeout: 240_000 }, () => {
  it('stores the misread layer for review and the right one as ok', () => {
    const input = join(dir.dir, 'layers')
    mkdirSync(input)
    writeLayeredScan(input, 'misread.pdf', { lines: SCANNED_LINES, layer: MISREAD_LAYER_LINES })
    writeLayeredScan(input, 'right.pdf', { lines: SCANNED_LINES, layer: SCANNED_LINES })
    const project = join(dir.dir, 'layers.sqlite')
    const run = recto('ingest', input, '--db', project)
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const db = new Database(project, { readonly: true })
    try {
      const decisions = db
        .prepare(
          `SELECT d.name, p.decision FROM pages p JOIN documents d ON d.id = p.document_id
           ORDER BY d.name`
        )
        .all()
      expect(decisions).toEqual([
        { name: 'misread.pdf', decision: 'review' },
        { name: 'right.pdf', decision: 'ok' }
      ])
    } finally {
      db.close()
    }
  })
})
