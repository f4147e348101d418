import { describe, expect, it } from 'vitest'
import { pageOutline } from '../../src-main/api/page-outline.js'
import { PageOutline } from '../../src-main/shared/contract.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('pageOutline', () => {
  it('keeps what the review screen draws of the densest corpus page, in under a hundredth of its JSON', () => {
    const layout = layoutOf(corpusPdf('pdfminer__kampo.pdf'))
    const outline = pageOutline(layout)
    expect(PageOutline.safeParse(outline).success).toBe(true)
    expect(outline).toMatchObject({
      width: layout.width,
      height: layout.height,
      rotation: layout.rotation
    })
    expect(outline.blocks).toEqual(layout.blocks.map((b) => ({ id: b.id, bbox: [...b.bbox] })))
    expect(outline).not.toHaveProperty('ocr')
    expect(JSON.stringify(outline).length * 100).toBeLessThan(JSON.stringify(layout).length)
  })

  it('marks the blocks OCR made and carries what OCR did', () => {
    const layout = layoutOf(corpusPdf('pdfminer__kampo.pdf'))
    const ocr = { backend: 'tesseract.js', dpi: 300, scope: 'page' as const, words: 2 }
    const read = {
      ...layout,
      blocks: layout.blocks.slice(0, 1).map((b) => ({ ...b, source: 'ocr' as const })),
      ocr: { ...ocr, meanConfidence: 91, lowConfidenceWords: 0 }
    }
    const outline = pageOutline(read)
    expect(outline.blocks).toEqual([{ id: 0, bbox: [...layout.blocks[0]!.bbox], source: 'ocr' }])
    expect(outline.ocr).toEqual(read.ocr)
  })
})
