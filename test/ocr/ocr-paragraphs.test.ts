import { afterAll, describe, expect, it } from 'vitest'
import { ocrPage } from '../../src-main/ocr/cascade.js'
import { lazyThread } from '../../src-main/ocr/lazy-thread.js'
import { blockText } from '../../src-main/layout/page-text.js'
import { tempDir } from '../helpers/db.js'
import { analysisOf } from '../helpers/pages.js'
import { writeJapaneseParagraphsScan, writeNoticeScan } from '../helpers/paragraph-scans.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 300_000

// tesseract.js, whose models come from npm: the same reading on every machine.
const thread = lazyThread('tesseract.js')
const dir = tempDir('recto-ocr-paragraphs-')
afterAll(async () => {
  await thread.close()
  dir.remove()
})

/** The texts of the blocks OCR makes of a scanned page, in the order of the page's text. */
async function ocrBlocks(file: string): Promise<string[]> {
  const analysis = analysisOf(file)
  const [page] = analysis.pages
  const read = await ocrPage(thread.get, file, page!, analysis.stats, { languages: null })
  const { layout, analysis: after } = read!
  return after.order.map((id) => blockText(layout.blocks[id]!))
}

describe('blocks of an OCR’d page', { timeout: OCR_TIMEOUT }, () => {
  it('keeps a heading centred close over its text a block of its own', async () => {
    // Tesseract reads either heading into the paragraph under it.
    for (const size of [13, 11]) {
      const blocks = await ocrBlocks(writeNoticeScan(dir.dir, size))
      expect(blocks[0], `${size} pt`).toBe('Maintenance Notice')
      expect(blocks[1]!.startsWith('The committee met on the third of March')).toBe(true)
    }
  })

  it('parts two paragraphs of a Japanese scan, each opening with an indent', async () => {
    const file = writeJapaneseParagraphsScan(dir.dir)
    const blocks = await ocrBlocks(file)
    expect(blocks).toHaveLength(2)
    expect(blocks[0]!.startsWith('この報告書は')).toBe(true)
    expect(blocks[0]!.endsWith('考えています。')).toBe(true)
    expect(blocks[1]!.startsWith('私たちは')).toBe(true)
  })
})
