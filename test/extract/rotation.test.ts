import { describe, expect, it } from 'vitest'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { extractPage } from '../../src-main/extract/page.js'
import { mupdf } from '../../src-main/extract/mupdf.js'

/** One page per /Rotate value, each drawing the same words near the top-left of the unrotated page. */
function rotatedPages(): Uint8Array {
  const doc = new mupdf.PDFDocument()
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin')
  const resources = doc.addObject({ Font: { F1: font } })
  for (const rotate of [0, 90, 180, 270] as const) {
    const content = 'BT /F1 20 Tf 50 740 Td (Top left) Tj ET'
    doc.insertPage(-1, doc.addPage([0, 0, 400, 800], rotate, resources, content))
  }
  return doc.saveToBuffer('compress').asUint8Array()
}

describe('page rotation', () => {
  it('gives the same boxes in unrotated page space whatever the /Rotate', () => {
    const file = openPdf(rotatedPages())
    try {
      const layouts = [0, 1, 2, 3].map((i) => extractPage(file, i))
      expect(layouts.map((l) => l.rotation)).toEqual([0, 90, 180, 270])
      const [upright, ...rotated] = layouts
      const line = upright?.blocks[0]?.lines[0]
      expect(line?.spans[0]?.text).toBe('Top left')
      expect(line?.dir).toEqual([1, 0])
      expect(line?.bbox[0]).toBeCloseTo(50, 0)
      expect(line?.bbox[3]).toBeGreaterThan(55)
      expect(line?.bbox[3]).toBeLessThan(66)
      for (const layout of rotated) {
        expect(layout).toMatchObject({ width: 400, height: 800 })
        const other = layout.blocks[0]?.lines[0]
        expect(other?.dir).toEqual([1, 0])
        other?.bbox.forEach((v, k) => expect(v).toBeCloseTo(line?.bbox[k] ?? NaN, 1))
        expect(other?.spans[0]?.charX).toEqual(line?.spans[0]?.charX)
      }
    } finally {
      closePdf(file)
    }
  })
})
