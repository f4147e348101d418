import { afterAll, describe, expect, it } from 'vitest'
import { ocrPage } from '../../src-main/ocr/cascade.js'
import { lazyThread } from '../../src-main/ocr/lazy-thread.js'
import { blockText } from '../../src-main/layout/page-text.js'
import { tempDir } from '../helpers/db.js'
import { ENGLISH, JAPANESE } from '../helpers/ocr-samples.js'
import { analysisOf } from '../helpers/pages.js'
import { writeStyledScan } from '../helpers/layered-scan.js'
import { writeScannedParagraphs } from '../helpers/scanned-text.js'

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

/** A notice whose heading is centred over its text, in bold at `size` points over 11-point text. */
function notice(size: number): string {
  return writeStyledScan(dir.dir, `notice-${size}.pdf`, [
    [
      { text: 'Maintenance Notice', x: 240, y: 100, size, bold: true },
      ...ENGLISH.lines.map((text, i) => ({ text, x: 56, y: 100 + size + 3 + i * 14, size: 11 }))
    ]
  ])
}

describe('blocks of an OCR’d page', { timeout: OCR_TIMEOUT }, () => {
  it('keeps a heading centred close over its text a block of its own', async () => {
    // Tesseract reads either heading into the paragraph under it.
    for (const size of [13, 11]) {
      const blocks = await ocrBlocks(notice(size))
      expect(blocks[0], `${size} pt`).toBe('Maintenance Notice')
      expect(blocks[1]!.startsWith('The committee met on the third of March')).toBe(true)
    }
  })

  it('parts two paragraphs of a Japanese scan, each opening with an indent', async () => {
    const file = writeScannedParagraphs(
      dir.dir,
      'japanese.pdf',
      [
        { lines: ['\u3000' + JAPANESE.lines[0], JAPANESE.lines[1]!], size: 16 },
        { lines: ['\u3000' + JAPANESE.lines[2], ...JAPANESE.lines.slice(3)], size: 16 }
      ],
      'ja',
      0
    )
    const blocks = await ocrBlocks(file)
    expect(blocks).toHaveLength(2)
    expect(blocks[0]!.startsWith('この報告書は')).toBe(true)
    expect(blocks[0]!.endsWith('考えています。')).toBe(true)
    expect(blocks[1]!.startsWith('私たちは')).toBe(true)
  })
})
