import { blockText } from '../layout/page-text.js'
import type { BBox, PageLayout } from '../shared/layout.js'
import { OCR_DPI } from './cascade.js'
import { withOcr } from './ocr-layout.js'
import type { OcrThread } from './ocr-thread.js'

/**
 * What OCR reads in a box of the page (a region a reviewer drew over a picture), as one
 * block's text: its paragraphs in OCR's order, joined as the lines of a block are. Empty when
 * OCR finds no word there. `hint`: the language of the page's own text, if it has one;
 * `passwords`: those given this session, for an encrypted file.
 */
export async function ocrRegionText(
  thread: () => OcrThread,
  file: string,
  layout: PageLayout,
  bbox: BBox,
  hint: string | null,
  passwords: readonly string[] = []
): Promise<string> {
  const ocr = await thread().recognize({
    file,
    pageNo: layout.page,
    regions: [bbox],
    languages: null,
    hint,
    dpi: OCR_DPI,
    passwords
  })
  const read = withOcr({ ...layout, blocks: [] }, ocr)
  return read.blocks
    .map((block) => blockText(block).trim())
    .filter((text) => text !== '')
    .join(' ')
}
