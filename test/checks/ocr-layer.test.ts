import { afterAll, describe, expect, it } from 'vitest'
import { readingQuality } from '../../src-main/checks/reading-quality.js'
import { tempDir } from '../helpers/db.js'
import { POOR_LAYER_LINES, SCANNED_LINES } from '../helpers/layer-lines.js'
import { writeLayeredScan } from '../helpers/layered-scan.js'
import { analysisOf } from '../helpers/pages.js'

const dir = tempDir('recto-ocr-layer-')
afterAll(() => dir.remove())

describe('readingQuality', () => {
  it('tells digits read as letters and non-words from words', () => {
    const good = readingQuality(SCANNED_LINES.join('\n'))!
    const poor = readingQuality(POOR_LAYER_LINES.join('\n'))!
    expect(good.score).toBe(1)
    expect(good.language).toBe('eng')
    expect(poor.score).toBeLessThan(0.6)
    expect(poor.misreadNumbers).toContain('I880-I9I9')
    expect(poor.nonWords).toContain('cbanged')
  })

  it('has nothing to say of a short text or of one in a script without spaced words', () => {
    expect(readingQuality('THE POWER OF STORYTELLING')).toBeNull()
    expect(
      readingQuality('人工智能的发展改变了我们的生活方式和工作方式，这是一个新的时代。'.repeat(3))
    ).toBeNull()
  })
})

describe('ocr_layer', () => {
  it('sends a page whose invisible OCR layer reads poorly to OCR, saying why', () => {
    const file = writeLayeredScan(dir.dir, 'poor-layer.pdf', {
      lines: SCANNED_LINES,
      layer: POOR_LAYER_LINES
    })
    const [page] = analysisOf(file).pages
    const flag = page!.analysis.flags.find((f) => f.code === 'ocr_layer')
    expect(flag).toMatchObject({ severity: 'error', evidence: { language: 'eng' } })
    expect(flag!.message).toContain('"I880-I9I9"')
    expect(page!.analysis.decision).toBe('ocr')
  })

  it('leaves a good OCR layer as the page text, with the invisible_text note only', () => {
    const file = writeLayeredScan(dir.dir, 'good-layer.pdf', {
      lines: SCANNED_LINES,
      layer: SCANNED_LINES
    })
    const [page] = analysisOf(file).pages
    expect(page!.analysis.flags.map((f) => f.code)).not.toContain('ocr_layer')
    expect(page!.analysis.flags).toContainEqual(
      expect.objectContaining({ code: 'invisible_text', severity: 'info' })
    )
    expect(page!.analysis.decision).toBe('ok')
    expect(page!.analysis.text).toContain('(1880-1919)')
  })
})
