import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { DEFAULT_POOL, ingest } from '../../src-main/jobs/ingest.js'
import { ExtractionPool, type DocumentJob, type ExtractOutcome } from '../../src-main/jobs/pool.js'
import type { DocumentHandlers } from '../../src-main/jobs/pool.js'
import { openDatabase } from '../../src-main/store/open.js'
import type { PageAnalysis } from '../../src-main/shared/page.js'
import { getPage } from '../../src-main/store/pages.js'
import { drawLineCrop } from '../../src-main/verify/draw-line-crop.js'
import { verifyGlyphShapes } from '../../src-main/verify/glyph-shapes.js'
import { sampleLayerLines } from '../../src-main/verify/layer-lines.js'
import { lineKey } from '../../src-main/verify/line-crop.js'
import type { LineReader, ReadBackPlan } from '../../src-main/verify/read-back-plan.js'
import { sampleLines } from '../../src-main/verify/sample-lines.js'
import type { SampleLine } from '../../src-main/verify/sample-lines.js'
import { corpusPdf } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'
import { fontMapPdf } from '../helpers/font-map-pdf.js'
import { MISREAD_LAYER_LINES, SCANNED_LINES } from '../helpers/layer-lines.js'
import { writeLayeredScan } from '../helpers/layered-scan.js'
import { analysisOf } from '../helpers/pages.js'
import { HEADING } from '../helpers/wrong-maps.js'

const dir = tempDir('recto-read-back-crops-')
afterAll(() => dir.remove())

/** The real pool, noting what each document's worker sent back with its pass. */
class NotingPool extends ExtractionPool {
  readonly outcomes: ExtractOutcome[] = []
  readonly readers: (readonly LineReader[])[] = []
  override async ingest(job: DocumentJob, handlers: DocumentHandlers): Promise<ExtractOutcome> {
    const outcome = await super.ingest(job, {
      ...handlers,
      onReadingBack: (readers) => {
        this.readers.push(readers)
        handlers.onReadingBack?.(readers)
      }
    })
    this.outcomes.push(outcome)
    return outcome
  }
}

/** A project ingest of one file: the page it stored, and the read-back its worker prepared. */
async function ingested(file: string, name: string) {
  const db = openDatabase(join(dir.dir, `${name}.sqlite`))
  const pool = new NotingPool({ ...DEFAULT_POOL, workers: 1, dbPath: db.name })
  try {
    const summary = await ingest(db, [file], { pool })
    expect(summary.ingested).toBe(1)
    const [outcome] = pool.outcomes
    const plan = outcome?.ok ? outcome.plan : undefined
    const id = (db.prepare('select id from documents').get() as { id: number }).id
    // Told before the crops came, with the recognisers they need, so those could start.
    expect(pool.readers).toEqual(plan ? [[...new Set(plan.crops.map((c) => c.reader))]] : [])
    return { plan, page: getPage(db, id, 1)! }
  } finally {
    await pool.close()
    db.close()
  }
}

/** Each line's crop in the plan is the one this thread draws of it, byte for byte. */
function expectSameCrops(file: string, plan: ReadBackPlan, lines: readonly SampleLine[]) {
  const pdf = openPdf(readFileSync(file))
  try {
    const crops = new Map(plan.crops.map(({ key, crop }) => [key, crop]))
    expect(crops.size).toBe(lines.length)
    for (const line of lines) {
      const drawn = drawLineCrop(pdf, line)
      expect(crops.get(lineKey(line))?.dpi).toBe(drawn.dpi)
      expect(Buffer.from(crops.get(lineKey(line))!.png).equals(Buffer.from(drawn.png))).toBe(true)
    }
  } finally {
    closePdf(pdf)
  }
}

const unread = () => Promise.reject(new Error('the file was read'))

/** What the queue shows of a page: its decision and flags (the store keeps them by code). */
function verdict(analysis: PageAnalysis) {
  const flags = analysis.flags.map((flag) => ({ code: flag.code, message: flag.message }))
  return { decision: analysis.decision, flags: flags.sort((a, b) => a.code.localeCompare(b.code)) }
}

describe("a document's read-back prepared in its ingest worker", () => {
  it('flags a misread OCR layer from the crops its worker drew, as a read-back in process does', async () => {
    const file = writeLayeredScan(dir.dir, 'misread-layer.pdf', {
      lines: SCANNED_LINES,
      layer: MISREAD_LAYER_LINES
    })
    const { plan, page } = await ingested(file, 'layer')
    expect(page.analysis.decision).toBe('review')
    expect(page.analysis.flags.find((f) => f.code === 'ocr_layer')?.message).toContain(
      "'couuted' where the image reads 'counted'"
    )
    const analysis = analysisOf(file)
    expect(plan?.crops.every((crop) => crop.reader === 'layer')).toBe(true)
    expectSameCrops(file, plan!, sampleLayerLines(analysis.pages[0]!.layout))
    // The plan alone is enough: the main thread reads no byte of the file, and finds the same.
    const fromPlan = await verifyGlyphShapes(unread, analysis, { plan: plan! })
    expect(verdict(fromPlan.analysis.pages[0]!.analysis)).toEqual(verdict(page.analysis))
  })

  it('flags a font map that shifts every letter from the crops its worker drew', async () => {
    const file = join(dir.dir, 'shifted.pdf')
    writeFileSync(file, fontMapPdf('shifted', [HEADING]))
    const { plan, page } = await ingested(file, 'shifted')
    expect(page.analysis.flags.find((f) => f.code === 'glyph_mismatch')?.message).toContain(
      "the glyphs read 'Library Opening Hours for the Summer Term'"
    )
    const analysis = analysisOf(file)
    const font = analysis.pages[0]!.layout.blocks[0]!.lines[0]!.spans[0]!.font
    expect(plan?.fonts).toEqual([[font, expect.objectContaining({ settled: false })]])
    expect(plan?.crops.every((crop) => crop.reader === 'odd letters')).toBe(true)
    expectSameCrops(file, plan!, sampleLines([analysis.pages[0]!.layout], font))
    const fromPlan = await verifyGlyphShapes(unread, analysis, { plan: plan! })
    expect(verdict(fromPlan.analysis.pages[0]!.analysis)).toEqual(verdict(page.analysis))
  })

  it("draws a colour scan's lines as this thread does, though the worker reads without ICC profiles", async () => {
    // Half of this scan's crops come out other bytes without the profiles.
    const file = corpusPdf('olmocr__small_page_size.pdf')
    const { plan, page } = await ingested(file, 'scan')
    const analysis = analysisOf(file)
    expectSameCrops(file, plan!, sampleLayerLines(analysis.pages[0]!.layout))
    const inProcess = await verifyGlyphShapes(readFileSync(file), analysis)
    expect(verdict(page.analysis)).toEqual(verdict(inProcess.analysis.pages[0]!.analysis))
    expect(page.analysis.flags.map((f) => f.code)).toContain('ocr_layer')
  })

  it('prepares nothing for a document verification does not read back', async () => {
    const file = writeLayeredScan(dir.dir, 'title-only.pdf', {
      lines: SCANNED_LINES,
      title: 'The Harbour Town'
    })
    const { plan, page } = await ingested(file, 'plain')
    expect(plan).toBeUndefined()
    expect(page.analysis.flags.map((f) => f.code)).not.toContain('ocr_layer')
  })
})
