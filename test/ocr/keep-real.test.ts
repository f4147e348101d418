import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { ocrPage, ocrScope } from '../../src-main/ocr/cascade.js'
import { lazyThread } from '../../src-main/ocr/lazy-thread.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { characterErrorRate } from '../../src-main/error-rate/error-rate.js'
import { drawnText } from '../../src-main/shared/layout.js'
import { tempDir } from '../helpers/db.js'
import { POOR_LAYER_LINES, SCANNED_LINES } from '../helpers/layer-lines.js'
import { writeLayeredScan } from '../helpers/layered-scan.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 180_000

const thread = lazyThread(null)
const dir = tempDir('recto-keep-real-')
afterAll(async () => {
  await thread.close()
  dir.remove()
})

function analysed(file: string) {
  const pdf = openPdf(readFileSync(file))
  try {
    return analyzeDocument(pdf)
  } finally {
    closePdf(pdf)
  }
}

const truth = SCANNED_LINES.join('\n')

describe('a poor invisible OCR layer', { timeout: OCR_TIMEOUT }, () => {
  it('is read again by OCR, and the better reading kept with a flag saying why', async () => {
    const file = writeLayeredScan(dir.dir, 'poor-layer.pdf', {
      lines: SCANNED_LINES,
      layer: POOR_LAYER_LINES
    })
    const doc = analysed(file)
    const page = doc.pages[0]!
    expect(ocrScope(page.layout, page.analysis)).toBeNull()
    const before = characterErrorRate(truth, page.analysis.text).rate
    const read = await ocrPage(thread.get, file, page, doc.stats, { languages: null })
    const after = characterErrorRate(truth, read!.analysis.text).rate
    process.stdout.write(`poor OCR layer: CER ${before.toFixed(3)} -> ${after.toFixed(3)}\n`)
    expect(before).toBeGreaterThan(0.05)
    expect(after).toBeLessThan(0.02)
    expect(read!.analysis.text).toContain('(1880-1919)')
    expect(read!.layout.ocrLayer).toMatchObject({ kept: 'ocr', language: 'eng' })
    const flag = read!.analysis.flags.find((f) => f.code === 'ocr_layer')
    expect(flag).toMatchObject({ severity: 'info' })
    expect(flag!.message).toContain('replaced by a new OCR reading')
    // Read once: the page is not sent to OCR again.
    expect(ocrScope(read!.layout, read!.analysis)).toBeUndefined()
  })
})

describe('a real title over a full-page scan', { timeout: OCR_TIMEOUT }, () => {
  it('keeps the title word for word and OCRs the rest of the page', async () => {
    const title = 'THE POWER OF STORYTELLING'
    const file = writeLayeredScan(dir.dir, 'titled-scan.pdf', { lines: SCANNED_LINES, title })
    const doc = analysed(file)
    const page = doc.pages[0]!
    expect(page.analysis.decision).toBe('ocr')
    const titleBlock = page.layout.blocks.find((block) => drawnText(block).includes('POWER'))!
    const read = await ocrPage(thread.get, file, page, doc.stats, { languages: null })
    const { layout, analysis } = read!
    // The text layer's block itself, not OCR's reading of it, and OCR read nothing over it.
    expect(layout.blocks).toContainEqual({ ...titleBlock, id: 0 })
    expect(analysis.text.split('POWER')).toHaveLength(2)
    expect(analysis.text.startsWith(title)).toBe(true)
    const body = analysis.text.slice(title.length)
    const cer = characterErrorRate(truth, body).rate
    process.stdout.write(`titled scan: body CER ${cer.toFixed(3)}\n`)
    expect(cer).toBeLessThan(0.02)
    expect(layout.blocks.filter((b) => b.source === 'ocr').length).toBeGreaterThan(0)
  })
})
