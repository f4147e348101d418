import type { DocumentAnalysis } from '../pipeline/analyze-document.js'
import { ocrPage } from '../ocr/cascade.js'
import { lazyThread } from '../ocr/lazy-thread.js'
import { statsAfterOcr } from '../ocr/stats-after-ocr.js'
import type { OcrChoice } from './ocr-options.js'

/**
 * `text --ocr` and `check --ocr`: the pages that need it OCR'd one by one on the OCR thread, the
 * others left as they are, then the OCR'd pages analysed again with the document's statistics
 * over what OCR read. A page OCR fails on keeps its text layer, with a line on stderr.
 */
export async function ocrAnalysis(
  file: string,
  analysis: DocumentAnalysis,
  choice: OcrChoice
): Promise<DocumentAnalysis> {
  const thread = lazyThread(choice.backend)
  try {
    const pages = []
    const ocrd = new Set<number>()
    for (const page of analysis.pages) {
      try {
        const read = await ocrPage(thread.get, file, page, analysis.stats, choice)
        if (read) ocrd.add(page.layout.page)
        pages.push(read ?? page)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        process.stderr.write(`recto: ${file}: page ${page.layout.page}: OCR failed (${reason})\n`)
        pages.push(page)
      }
    }
    return statsAfterOcr(analysis, pages, ocrd)
  } finally {
    await thread.close()
  }
}
