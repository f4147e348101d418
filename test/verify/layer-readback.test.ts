import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { analysisOf } from '../helpers/pages.js'
import { tempDir } from '../helpers/db.js'
import { MISREAD_LAYER_LINES, SCANNED_LINES } from '../helpers/layer-lines.js'
import { writeLayeredScan } from '../helpers/layered-scan.js'
import { spotsOf } from '../../src-main/shared/spots.js'
import { verifyGlyphShapes } from '../../src-main/verify/glyph-shapes.js'

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
